import { t } from "elysia";
import { domain, route } from "../../http/route";
import { setLanguage, updateInformation } from "./service";

/** The dynamic profile form's payload (spec 1 section 3 "Property value"); the validator checks the rest. */
export const profileValues = t.Array(
  t.Object({
    property: t.Object({ id: t.Integer() }),
    option: t.Optional(t.Union([t.Object({ id: t.Integer() }), t.Null()])),
    value: t.Optional(t.Union([t.String({ maxLength: 2000 }), t.Array(t.String({ maxLength: 200 }), { maxItems: 100 }), t.Null()])),
  }),
  { maxItems: 200 },
);

export const accountDomain = domain("account", [
  route("/user/language", { access: "user", body: t.Object({ language: t.Integer() }) }, ({ ctx, input }) =>
    setLanguage({ ctx, input }),
  ),
  route(
    "/user/information/update",
    { access: "user", body: t.Object({ nationality: t.Integer(), values: profileValues }) },
    ({ ctx, input }) => updateInformation({ ctx, input }),
  ),
]);
