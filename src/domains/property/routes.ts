import { command, domain, query } from "../../http/kit";
import { openProperty, propertyIdInput, saveProperty } from "./editing";
import { propertyInput } from "./rules";
import { allProperties, listCountries, listRoles, shownProperties } from "./service";

export const propertyDomain = domain("property", [
  query("/user/properties", { access: "user" }, shownProperties),
  // Activation fills the profile before the member can sign in.
  query("/property/list", { access: "session" }, shownProperties),
  // The membership fee window (FUNCTION_MEMBER_EDIT) chooses its condition properties from this list too.
  query("/property/all", { access: ["FUNCTION_PROPERTY_OPERATION_FIND", "FUNCTION_MEMBER_EDIT"] }, allProperties),
  query("/property/info", { access: "FUNCTION_PROPERTY_OPERATION_FIND", input: propertyIdInput }, openProperty),
  // Editing takes the page's power; adding one also FUNCTION_PROPERTY_OPERATION_CREATE (checked by the verb).
  command("/property/update", { access: "FUNCTION_PROPERTY_OPERATION_FIND", input: propertyInput, audit: "property.update" }, saveProperty),
  query("/user/countries", { access: "session" }, listCountries),
  query("/power/status", { access: "FUNCTION_USER_OPERATION_FIND" }, listRoles),
]);
