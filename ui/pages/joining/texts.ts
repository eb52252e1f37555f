// The joining area's texts (docs/decisions.md 102), added by the chunks that
// show them, for this effect: the public page a worker applies from and the
// staff's review page; neither is among the member pages' texts.
import { addTexts } from "../../i18n";
import joining from "../../i18n/areas/joining";

addTexts({ zh: { joining: joining.zh }, en: { joining: joining.en } });
