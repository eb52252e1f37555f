import { domain, query } from "../../http/kit";
import { allProperties, listCountries, listRoles, shownProperties } from "./service";

export const propertyDomain = domain("property", [
  query("/user/properties", { access: "user" }, shownProperties),
  // Activation fills the profile before the member can sign in.
  query("/property/list", { access: "session" }, shownProperties),
  query("/property/all", { access: "FUNCTION_PROPERTY_OPERATION_FIND" }, allProperties),
  query("/user/countries", { access: "session" }, listCountries),
  query("/power/status", { access: "FUNCTION_USER_OPERATION_FIND" }, listRoles),
]);
