import { command, download, domain, query } from "../../http/kit";
import { keepInput, privacySettings, saveKeepDays } from "./erasure";
import { myDataDownload } from "./data-export";
import { historyInput, myProfileHistory } from "./profile-history";
import { REVEAL_POWERS, reveal, revealInput } from "./reveal";
import { acceptInput, acceptNotice, currentNotice, noticeVersions, publishInput, publishNotice } from "./notice";

// Issue 31 item 4: the members' rights over what the union holds about them.
export const privacyDomain = domain("privacy", [
  download("/user/data/export", { access: "user" }, myDataDownload),
  query("/user/property/history", { access: "user", input: historyInput }, myProfileHistory),
  // How long a departed member's data is kept, and who is erased next: the power that marks members as left.
  query("/privacy/config", { access: "FUNCTION_USER_OPERATION_STATE" }, privacySettings),
  command("/privacy/config/save", { access: "FUNCTION_USER_OPERATION_STATE", input: keepInput, audit: "privacy.config" }, saveKeepDays),
  // The privacy notice: read by anyone, accepted by members, published by the officers who keep members' data.
  query("/privacy/notice", { access: "session" }, currentNotice),
  command("/user/privacy/accept", { access: "user", input: acceptInput, audit: "privacy.accept" }, acceptNotice),
  query("/privacy/notice/list", { access: "FUNCTION_USER_OPERATION_STATE" }, noticeVersions),
  command("/privacy/notice/publish", { access: "FUNCTION_USER_OPERATION_STATE", input: publishInput, audit: "privacy.notice", conflicts: { privacy_notices_pkey: "ERROR_DATA_USED" } }, publishNotice),
  // A masked phone or identity number, whole, with its operation-log row.
  command("/user/operation/reveal", { access: REVEAL_POWERS, input: revealInput, audit: "member.reveal" }, reveal),
]);
