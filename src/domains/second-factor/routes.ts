import { command, domain, query } from "../../http/kit";
import { addPasskey, addPasskeyInput, confirmApp, confirmAppInput, factorState, passkeyOptions, removeFactor, removeFactorInput, renewRecovery, startApp } from "./factors";
import { graceInput, saveGraceDays, securitySettings } from "./policy";

export const secondFactorDomain = domain("second-factor", [
  // A member's own factors (the security page).
  query("/user/second-factor/state", { access: "user" }, factorState),
  command("/user/second-factor/app/start", { access: "user" }, startApp),
  command("/user/second-factor/app/confirm", { access: "user", input: confirmAppInput, audit: "second-factor.add" }, confirmApp),
  command("/user/second-factor/passkey/options", { access: "user" }, passkeyOptions),
  command("/user/second-factor/passkey/add", { access: "user", input: addPasskeyInput, audit: "second-factor.add", conflicts: { second_factors_credential_idx: "ERROR_BINDINGED" } }, addPasskey),
  command("/user/second-factor/remove", { access: "user", input: removeFactorInput, audit: "second-factor.remove" }, removeFactor),
  command("/user/second-factor/recovery/renew", { access: "user", audit: "second-factor.recovery" }, renewRecovery),
  // The requirement for staff: its grace, and who still has none.
  query("/security/config", { access: "FUNCTION_USER_OPERATION_STATE" }, securitySettings),
  command("/security/config/save", { access: "FUNCTION_USER_OPERATION_STATE", input: graceInput, audit: "security.config" }, saveGraceDays),
]);
