// Every area's texts, added when the signed-in pages' chunk loads (imported
// for this effect by ui/member-pages.tsx), so no page draws before its texts.
import { addTexts } from ".";
import en from "./en";
import zh from "./zh";

addTexts({ zh, en });
