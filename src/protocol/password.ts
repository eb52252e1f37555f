// What a password becomes before it travels (spec 1 section 5): trimmed,
// angle brackets escaped, then MD5 as 32 lower-case hex digits. The browser,
// the command-line client and the tests all send exactly this.
import { cleanText } from "./identity";
import { md5 } from "./md5";

export const passwordDigest = (password: string): string => md5(cleanText(password));

export const PASSWORD_DIGEST_PATTERN = "^[0-9a-fA-F]{32}$";
