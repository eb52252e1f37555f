import { t } from "elysia";
import { domain, route } from "../../http/route";
import { deleteFamily, findFamily, listFamily, listFamilyForStaff, saveFamily } from "./service";

const familyBody = t.Object({
  family: t.Object({
    id: t.Optional(t.Integer({ minimum: 1 })),
    name: t.String({ maxLength: 200 }),
    identity: t.String({ maxLength: 100 }),
    birthday: t.Optional(t.Union([t.String({ maxLength: 20 }), t.Null()])),
    phone: t.Optional(t.Union([t.String({ maxLength: 20 }), t.Null()])),
    relation: t.Object({ id: t.Integer() }),
    sex: t.Integer(),
  }),
});

export const familyDomain = domain("family", [
  route("/user/family/list", { access: "user" }, ({ ctx }) => listFamily({ ctx })),
  route("/family/find", { access: "user", body: t.Object({ id: t.Optional(t.Integer({ minimum: 1 })) }) }, ({ ctx, input }) =>
    findFamily({ ctx, input }),
  ),
  route("/user/family/save", { access: "user", body: familyBody }, ({ ctx, input }) => saveFamily({ ctx, input })),
  route("/user/family/delete", { access: "user", body: t.Object({ id: t.Integer({ minimum: 1 }) }) }, ({ ctx, input }) =>
    deleteFamily({ ctx, input }),
  ),
  route("/family/list", { access: "FUNCTION_USER_FIND_FAMILY", body: t.Object({ user: t.Integer({ minimum: 1 }) }) }, ({ ctx, input }) =>
    listFamilyForStaff({ ctx, input }),
  ),
]);
