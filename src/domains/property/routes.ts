import { domain, route } from "../../http/route";
import { allProperties, listCountries, listRoles, shownProperties } from "./service";

export const propertyDomain = domain("property", [
  route("/user/properties", { access: "user" }, ({ ctx }) => shownProperties({ ctx })),
  // Activation fills the profile before the member can sign in.
  route("/property/list", { access: "session" }, ({ ctx }) => shownProperties({ ctx })),
  route("/property/all", { access: "FUNCTION_PROPERTY_OPERATION_FIND" }, ({ ctx }) => allProperties({ ctx })),
  route("/user/countries", { access: "session" }, ({ ctx }) => listCountries({ ctx })),
  route("/power/status", { access: "FUNCTION_USER_OPERATION_FIND" }, ({ ctx }) => listRoles({ ctx })),
]);
