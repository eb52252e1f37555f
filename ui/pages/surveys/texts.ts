// The surveys' texts (ui/i18n/areas/surveys.ts, docs/decisions.md 102), added
// by the chunks that show them: the home page's panel, the survey page and
// the tally (which the staff results page shows too). The member pages' texts
// go without them.
import { addTexts } from "../../i18n";
import surveys from "../../i18n/areas/surveys";

addTexts({ zh: { surveys: surveys.zh }, en: { surveys: surveys.en } });
