// The editor's texts (ui/i18n/areas/editor.ts, docs/decisions.md 102): staff
// only, and the largest area, so the member pages' texts go without them.
// The tool bar loads this for a member holding a tool before it draws; every
// module of the editor's windows imports it for this effect too.
import { addTexts } from "../../../i18n";
import editor from "../../../i18n/areas/editor";

addTexts({ zh: { editor: editor.zh }, en: { editor: editor.en } });
