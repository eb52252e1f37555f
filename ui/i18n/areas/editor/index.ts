// Texts of the activity editor's tools and windows (spec 3 sections 2.1-2.3), one file per window with
// both its languages side by side; ui/pages/activity/editor/texts.ts adds them under "editor" when the
// editor's chunk loads (docs/decisions.md 102, 125).
import tools from "./tools";
import wording from "./wording";
import layout from "./layout";
import banks from "./banks";
import question from "./question";
import waitlist from "./waitlist";
import orders from "./orders";
import basic from "./basic";
import team from "./team";
import family from "./family";
import conditions from "./conditions";
import errors from "./errors";

export default {
  zh: { ...tools.zh, ...wording.zh, ...layout.zh, ...banks.zh, ...question.zh, ...waitlist.zh, ...orders.zh, ...basic.zh, ...team.zh, ...family.zh, ...conditions.zh, ...errors.zh },
  en: { ...tools.en, ...wording.en, ...layout.en, ...banks.en, ...question.en, ...waitlist.en, ...orders.en, ...basic.en, ...team.en, ...family.en, ...conditions.en, ...errors.en },
};
