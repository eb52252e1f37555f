// The staff's order calls (spec 3 section 7 "Orders"): the search window of an
// activity's team, its detail and parcels, its export (a signed download, or
// by mail), a module's orders and their export, and the two imports with
// their feedback logs. Downloads are signed GETs guarded by the power, never
// the public file address.
import { Type as t } from "@sinclair/typebox";
import { command, domain, download, query, upload } from "../../http/kit";
import { idField } from "../shared/fields";
import { clearImportLog, importLogFile, MAX_IMPORT_BYTES } from "../shared/sheets/imports";
import { moduleExportInput, moduleOrders, moduleOrdersFile, moduleOrdersInput } from "./module-orders";
import { activityExportInput, activityMailInput, activityOrdersFile, mailExport, prepareMailExport } from "./order-export";
import { importExpress, importLogInput, importShipped, ORDER_IMPORT_REASONS } from "./order-imports";
import { staffCancelInput, staffCancelOrder } from "./staff-cancel";
import { staffOrderExpress, staffOrderInfo } from "./staff-detail";
import { activityOrders, activityOrdersInput } from "./staff-orders";

const ORDER = "FUNCTION_ACTIVITY_ORDER";
/** A courier file of 10,000 rows is about 600 KB; room for pictures or formatting someone left in it. */
const IMPORT_BYTES = MAX_IMPORT_BYTES;

export const orderAdminDomain = domain("order-admin", [
  query("/order/activity/list", { access: ORDER, input: activityOrdersInput }, activityOrders),
  query("/order/activity/info", { access: ORDER, input: t.Object({ id: idField }) }, staffOrderInfo),
  command("/order/activity/cancel", { access: ORDER, input: staffCancelInput, audit: "order.staff.cancel" }, staffCancelOrder),
  query("/order/activity/express", { access: ORDER, input: t.Object({ id: idField, user: idField }) }, staffOrderExpress),
  download("/order/activity/export", { access: ORDER, input: activityExportInput }, activityOrdersFile),
  command("/order/activity/export", { access: ORDER, input: activityMailInput, prepare: prepareMailExport, audit: "order.export.mail" }, mailExport),
  query("/order/module/find", { access: "FUNCTION_ACTIVITY_MODULE_OPERATION", input: moduleOrdersInput }, moduleOrders),
  download("/order/module/export", { access: "FUNCTION_ACTIVITY_MODULE_OPERATION", input: moduleExportInput }, moduleOrdersFile),
  upload("/order/import/express", { access: ORDER, maxBytes: IMPORT_BYTES, files: ["xlsx"], audit: "order.import.express" }, importExpress),
  upload("/order/import/close/update", { access: ORDER, maxBytes: IMPORT_BYTES, files: ["xlsx"], audit: "order.import.shipped" }, importShipped),
  download("/order/import/log", { access: ORDER, input: importLogInput }, ({ ctx, input }) =>
    importLogFile(ctx, { kind: `order.${input.kind}`, key: input.log, reasons: ORDER_IMPORT_REASONS }),
  ),
  command("/order/import/log/clear", { access: ORDER, input: importLogInput, audit: "order.import.clear" }, ({ ctx, input }) => clearImportLog(ctx, { kind: `order.${input.kind}`, key: input.log })),
]);
