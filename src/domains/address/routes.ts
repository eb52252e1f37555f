import { t } from "elysia";
import { domain, route } from "../../http/route";
import {
  deleteAddress,
  findPlace,
  findPlaceForStaff,
  findRegions,
  listAddresses,
  saveAddress,
  setDefaultAddress,
  updatePlace,
} from "./service";

const code = t.String({ maxLength: 12 });
const addressBody = t.Object({
  address: t.Object({
    id: t.Optional(t.Integer({ minimum: 1 })),
    name: t.String({ maxLength: 100 }),
    phone: t.String({ maxLength: 20 }),
    address0: code,
    address1: code,
    address2: code,
    address3: code,
    info: t.String({ maxLength: 500 }),
  }),
});
const byId = t.Object({ id: t.Integer({ minimum: 1 }) });

export const addressDomain = domain("address", [
  route("/address/find", { access: "user", body: t.Object({ id: t.Optional(t.Union([code, t.Null()])) }) }, ({ input }) =>
    findRegions({ input: { id: input.id ?? undefined } }),
  ),
  route("/user/address/list", { access: "user" }, ({ ctx }) => listAddresses({ ctx })),
  route("/user/address/save", { access: "user", body: addressBody }, ({ ctx, input }) => saveAddress({ ctx, input })),
  route("/user/address/default", { access: "user", body: byId }, ({ ctx, input }) => setDefaultAddress({ ctx, input })),
  route("/user/address/delete", { access: "user", body: byId }, ({ ctx, input }) => deleteAddress({ ctx, input })),
  route("/user/address/place/find", { access: "user" }, ({ ctx }) => findPlace({ ctx })),
  route("/user/address/place/update", { access: "user", body: addressBody }, ({ ctx, input }) => updatePlace({ ctx, input })),
  route("/user/address/place/manager", { access: "FUNCTION_USER_OPERATION_INFO", body: byId }, ({ ctx, input }) =>
    findPlaceForStaff({ ctx, input }),
  ),
]);
