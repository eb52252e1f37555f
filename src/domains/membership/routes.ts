import { Type as t } from "@sinclair/typebox";
import { command, domain, download, query } from "../../http/kit";
import { pageIndex, timeField } from "../shared/fields";
import { configInput, findConfig, memberLog, memberLogInput, updateConfig } from "./config";
import { feeExportDownload, feeExportInput, feeExportQuery, startFeeExport } from "./fee-export";
import { duesReceiptPdf } from "./receipt-pdf";
import { documentLanguageField } from "../shared/documents";
import { listDues, memberCheck, memberInfo, payDues, payLink, payState } from "./service";

export const membershipDomain = domain("membership", [
  query("/member/info", { access: "user" }, memberInfo),
  query("/member/check", { access: "user" }, memberCheck),
  query(
    "/member/list",
    {
      access: "user",
      input: t.Object({
        trade: t.Optional(t.String({ maxLength: 64 })),
        state: t.Optional(t.Union([t.Integer(), t.Null()])),
        start: timeField,
        end: timeField,
        index: pageIndex,
      }),
    },
    listDues,
  ),
  command(
    "/member/pay",
    {
      access: "user",
      conflicts: { dues_orders_one_pending_idx: "ERROR_NOT_POWER", dues_orders_one_paid_idx: "ERROR_DATA_USED" },
      then: payLink,
    },
    payDues,
  ),
  query("/member/operation/find", { access: "FUNCTION_MEMBER_EDIT" }, findConfig),
  command("/member/operation/update", { access: "FUNCTION_MEMBER_EDIT", input: configInput, audit: "member.config" }, updateConfig),
  download("/user/operation/export/member", { access: "FUNCTION_MEMBER_EDIT", input: feeExportQuery }, feeExportDownload),
  command("/user/operation/export/member", { access: "FUNCTION_MEMBER_EDIT", input: feeExportInput, audit: "member.export.fees" }, startFeeExport),
  query("/user/operation/memberlog", { access: "FUNCTION_USER_OPERATION_FIND", input: memberLogInput }, memberLog),
  download("/member/receipt/pdf", { access: "user", input: t.Object({ trade: t.String({ pattern: "^[A-Za-z0-9-]{1,64}$", maxLength: 64 }), language: documentLanguageField }) }, duesReceiptPdf),
  query("/member/pay/state", { access: "user", input: t.Object({ trade: t.String({ minLength: 1, maxLength: 64 }) }) }, payState),
]);
