// Applying to join online (issue 32 item 3, decision 140): the applicant's calls on a signed session without a member, and staff's review.
import { Type as t } from "@sinclair/typebox";
import { command, domain, download, query, upload } from "../../http/kit";
import { codeSendBudget } from "../shared/codes";
import { idField, phoneField } from "../shared/fields";
import {
  applicationConflicts,
  applicationForm,
  applicationStatus,
  beforeProof,
  prepareSubmit,
  PROOF_KINDS,
  PROOF_MAX_BYTES,
  receiveProof,
  sendJoinCode,
  submitApplication,
  submitInput,
  verifyInput,
  verifyPhone,
} from "./apply";
import { applicationDetail, approveApplication, listApplications, listInput, proofOf, rejectApplication, rejectInput } from "./review";

const REVIEW = "FUNCTION_USER_APPLICATIONS";
const byId = t.Object({ id: idField });

export const joiningDomain = domain("joining", [
  query("/join/form", { access: "session" }, applicationForm),
  command("/join/sms/send", { access: "session", input: t.Object({ phone: phoneField }), throttle: codeSendBudget }, sendJoinCode),
  command("/join/verify", { access: "session", input: verifyInput }, verifyPhone),
  query("/join/status", { access: "session", input: t.Object({}) }, applicationStatus),
  upload("/join/proof", { access: "session", maxBytes: PROOF_MAX_BYTES, files: PROOF_KINDS, before: beforeProof, audit: "join.proof" }, receiveProof),
  command("/join/submit", { access: "session", input: submitInput, prepare: prepareSubmit, conflicts: applicationConflicts, audit: "join.submit" }, submitApplication),
  query("/join/list", { access: REVIEW, input: listInput }, listApplications),
  query("/join/detail", { access: REVIEW, input: byId }, applicationDetail),
  // A signed GET's query is text: the number as digits.
  download("/join/proof/get", { access: REVIEW, input: t.Object({ id: t.String({ pattern: "^[1-9][0-9]{0,9}$", maxLength: 10 }) }) }, proofOf),
  command("/join/approve", { access: REVIEW, input: byId, audit: "join.approve", conflicts: { users_employees_unique: "ERROR_JOIN_DUPLICATE", users_phone_unique: "ERROR_JOIN_DUPLICATE", users_mail_unique: "ERROR_JOIN_DUPLICATE" } }, approveApplication),
  command("/join/reject", { access: REVIEW, input: rejectInput, audit: "join.reject" }, rejectApplication),
]);
