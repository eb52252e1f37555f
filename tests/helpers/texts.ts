// Every text of the UI in one language: zh.ts / en.ts (the member pages'
// texts) and the areas their own chunks add instead (docs/decisions.md 102),
// for the tests that read every text.
import calendar from "../../ui/i18n/areas/calendar";
import card from "../../ui/i18n/areas/card";
import checkin from "../../ui/i18n/areas/checkin";
import consent from "../../ui/i18n/areas/consent";
import editor from "../../ui/i18n/areas/editor";
import joining from "../../ui/i18n/areas/joining";
import lottery from "../../ui/i18n/areas/lottery";
import lotteryAdmin from "../../ui/i18n/areas/lottery-admin";
import privacy from "../../ui/i18n/areas/privacy";
import reminders from "../../ui/i18n/areas/reminders";
import secondStep from "../../ui/i18n/areas/second-step";
import sms from "../../ui/i18n/areas/sms";
import staffFactor from "../../ui/i18n/areas/staff-factor";
import surveys from "../../ui/i18n/areas/surveys";
import surveysAdmin from "../../ui/i18n/areas/surveys-admin";
import waitlist from "../../ui/i18n/areas/waitlist";
import en from "../../ui/i18n/en";
import zh from "../../ui/i18n/zh";

const CHUNK_AREAS = { calendar, card, checkin, consent, editor, joining, lottery, lotteryAdmin, privacy, reminders, secondStep, sms, staffFactor, surveys, surveysAdmin, waitlist };

export function allTexts(language: "zh" | "en"): Record<string, unknown> {
  const areas = Object.fromEntries(Object.entries(CHUNK_AREAS).map(([name, area]) => [name, area[language]]));
  return { ...(language === "zh" ? zh : en), ...areas };
}
