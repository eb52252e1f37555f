import { download, domain } from "../../http/kit";
import { myDataDownload } from "./data-export";

// Issue 31 item 4: the members' rights over what the union holds about them.
export const privacyDomain = domain("privacy", [download("/user/data/export", { access: "user" }, myDataDownload)]);
