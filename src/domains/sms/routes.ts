// Bulk SMS (spec 3 section 7 "Short messages"; FUNCTION_MEMBER_EDIT): the
// offered templates and signs, the send (a task), the tasks and their logs.
import { command, domain, query, upload } from "../../http/kit";
import { pageIndex } from "../shared/fields";
import { Type as t } from "@sinclair/typebox";
import { smsSigns, smsTemplates } from "./catalogue";
import { countSmsSearch, sendSmsToSearch, smsSearchInput, smsSearchSendInput } from "./search-send";
import { listSmsLogs, listSmsTasks, resendUnknownSms, sendSms, smsLogsInput, smsResendInput, smsSendFields, smsTasksInput } from "./tasks";

const EDIT = "FUNCTION_MEMBER_EDIT";
/** An xlsx of 10,000 numbers is about 100 kB. */
const FILE_BYTES = 2 * 1024 * 1024;
const listInput = t.Object({ index: pageIndex });

export const smsDomain = domain("sms", [
  // Commands that write nothing: the provider is asked after the (empty) commit, never inside a transaction.
  command("/user/operation/sms/template", { access: EDIT, input: listInput, then: smsTemplates }, () => ({})),
  command("/user/operation/sms/sign", { access: EDIT, input: listInput, then: smsSigns }, () => ({})),
  query("/user/operation/sms/tasks", { access: EDIT, input: smsTasksInput }, listSmsTasks),
  query("/user/operation/sms/logs", { access: EDIT, input: smsLogsInput }, listSmsLogs),
  command("/user/operation/sms/resend", { access: EDIT, input: smsResendInput, audit: "sms.resend" }, resendUnknownSms),
  // To the members of a member search: the server runs the search itself (./search-send.ts).
  query("/user/operation/sms/search/count", { access: EDIT, input: smsSearchInput }, countSmsSearch),
  command("/user/operation/sms/search/send", { access: EDIT, input: smsSearchSendInput, audit: "sms.send" }, sendSmsToSearch),
  upload("/user/operation/sms/import/send", { access: EDIT, maxBytes: FILE_BYTES, files: ["xlsx"], audit: "sms.send", fields: smsSendFields }, sendSms),
]);
