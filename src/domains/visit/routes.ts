import { Type as t } from "@sinclair/typebox";
import { command, domain } from "../../http/kit";
import { reportVisit } from "./service";

export const visitDomain = domain("visit", [
  command("/system/visit", { access: "user", input: t.Object({ params: t.Optional(t.String({ maxLength: 2000 })), page: t.Integer() }) }, reportVisit),
]);
