// The editor's texts (ui/i18n/areas/editor/, docs/decisions.md 102): staff
// only, and the largest area, so the member pages' texts go without them.
// The tool bar (./tools.tsx), the one way into the editor's windows and
// actions, loads this for a member holding a tool before it draws a button,
// so every window and action finds the texts in.
import { addTexts } from "../../../i18n";
import editor from "../../../i18n/areas/editor";

addTexts({ zh: { editor: editor.zh }, en: { editor: editor.en } });
