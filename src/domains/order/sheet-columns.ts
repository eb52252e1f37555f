// The columns of the order spreadsheets, in both languages: the export's,
// and the courier and shipped-order imports' (the courier export with
// express=1 writes the columns its import reads back, so staff fill in the
// numbers and upload the same file).
import type { ImportColumn } from "../shared/sheets/imports";

export type Bilingual = readonly [string, string];

export const ORDER_COLUMNS: readonly Bilingual[] = [
  ["主订单号", "Order number"],
  ["子订单号", "Sub-order number"],
  ["活动", "Activity"],
  ["员工号", "Employee number"],
  ["姓名", "Name"],
  ["手机", "Phone"],
  ["邮箱", "E-mail"],
  ["状态", "State"],
  ["发货状态", "Shipping"],
  ["下单时间", "Order time"],
  ["实付金额", "Amount paid"],
  ["积分", "Points"],
  ["收件人", "Recipient"],
  ["收件电话", "Recipient phone"],
  ["收货地址", "Delivery address"],
  ["家属", "Family members"],
  ["快递", "Parcels"],
];

export type CourierKey = "trade" | "activity" | "liaison" | "phone" | "address" | "company" | "number" | "site" | "courierPhone";

/** The courier sheet: the order's number and delivery (read, not imported), then the parcel. */
export const COURIER_COLUMNS: readonly ImportColumn<CourierKey>[] = [
  { key: "trade", zh: "订单号", en: "Order number", required: true, aliases: ["主订单号", "子订单号", "Sub-order number", "order"] },
  { key: "activity", zh: "活动", en: "Activity", required: false },
  { key: "liaison", zh: "收件人", en: "Recipient", required: false },
  { key: "phone", zh: "收件电话", en: "Recipient phone", required: false },
  { key: "address", zh: "收货地址", en: "Delivery address", required: false },
  { key: "company", zh: "快递公司", en: "Courier", required: true, aliases: ["物流公司", "Courier company", "Carrier"] },
  { key: "number", zh: "快递单号", en: "Tracking number", required: true, aliases: ["运单号", "物流单号", "Tracking no", "Waybill number"] },
  { key: "site", zh: "网点", en: "Courier site", required: false, aliases: ["Site"] },
  { key: "courierPhone", zh: "快递电话", en: "Courier phone", required: false },
];

/** The shipped-orders sheet: the order's number is all it needs (other columns are left alone). */
export const SHIPPED_COLUMNS: readonly ImportColumn<"trade">[] = [
  { key: "trade", zh: "订单号", en: "Order number", required: true, aliases: ["主订单号", "子订单号", "Sub-order number", "order"] },
];
