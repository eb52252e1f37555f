import { download, domain, query } from "../../http/kit";
import { myDataDownload } from "./data-export";
import { historyInput, myProfileHistory } from "./profile-history";

// Issue 31 item 4: the members' rights over what the union holds about them.
export const privacyDomain = domain("privacy", [
  download("/user/data/export", { access: "user" }, myDataDownload),
  query("/user/property/history", { access: "user", input: historyInput }, myProfileHistory),
]);
