// The member pages' texts (zh.ts, en.ts: every area but those their own
// chunks add, docs/decisions.md 102), added when the signed-in pages' chunk
// loads (imported for this effect by ui/member-pages.tsx), so no page draws
// before its texts.
import { addTexts } from ".";
import en from "./en";
import zh from "./zh";

addTexts({ zh, en });
