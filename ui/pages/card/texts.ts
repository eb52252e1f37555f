// The card area's texts (docs/decisions.md 102), added by the card page's and
// the shop's verify page's chunks, for this effect: neither is in the member
// pages' texts (the verify page is not a member page at all).
import { addTexts } from "../../i18n";
import card from "../../i18n/areas/card";

addTexts({ zh: { card: card.zh }, en: { card: card.en } });
