import { Type as t } from "@sinclair/typebox";
import { domain, query } from "../../http/kit";
import { pageIndex, timeField } from "../shared/fields";
import { listPoints, pointsBalance } from "./service";

export const pointsDomain = domain("points", [
  query(
    "/user/integral/list",
    { access: "user", input: t.Object({ type: t.Optional(t.Union([t.Integer(), t.Null()])), start: timeField, end: timeField, index: pageIndex }) },
    listPoints,
  ),
  query("/user/integral/balance", { access: "user" }, pointsBalance),
]);
