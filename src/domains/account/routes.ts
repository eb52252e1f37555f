import { Type as t } from "@sinclair/typebox";
import { command, domain } from "../../http/kit";
import { profileInput } from "../shared/profile";
import { setLanguage, updateInformation } from "./service";

export const accountDomain = domain("account", [
  command("/user/language", { access: "user", input: t.Object({ language: t.Integer() }), audit: "account.language" }, setLanguage),
  command(
    "/user/information/update",
    { access: "user", input: profileInput, audit: "account.information" },
    updateInformation,
  ),
]);
