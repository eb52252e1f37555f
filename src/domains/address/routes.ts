import { Type as t } from "@sinclair/typebox";
import { command, domain, query } from "../../http/kit";
import { idField } from "../shared/fields";
import {
  addressInput,
  deleteAddress,
  findPlace,
  findPlaceForStaff,
  findRegions,
  listAddresses,
  saveAddress,
  setDefaultAddress,
  regionCode as code,
  updatePlace,
} from "./service";

const byId = t.Object({ id: idField });

export const addressDomain = domain("address", [
  query("/address/find", { access: "user", input: t.Object({ id: t.Optional(t.Union([code, t.Null()])) }) }, ({ input }) =>
    findRegions({ input: { id: input.id ?? undefined } }),
  ),
  query("/user/address/list", { access: "user" }, listAddresses),
  command("/user/address/save", { access: "user", input: addressInput }, saveAddress),
  command("/user/address/default", { access: "user", input: byId }, setDefaultAddress),
  command("/user/address/delete", { access: "user", input: byId }, deleteAddress),
  query("/user/address/place/find", { access: "user" }, findPlace),
  command("/user/address/place/update", { access: "user", input: addressInput }, updatePlace),
  query("/user/address/place/manager", { access: "FUNCTION_USER_OPERATION_INFO", input: byId }, findPlaceForStaff),
]);
