// The type of a text's key, derived from the Chinese texts: every area,
// those their own chunks add included. The imports are of types only, so no
// area comes into a bundle through this file (the lazy ones stay lazy).
import type { Dictionary } from "./zh";
import type calendar from "./areas/calendar";
import type card from "./areas/card";
import type checkin from "./areas/checkin";
import type consent from "./areas/consent";
import type editor from "./areas/editor";
import type joining from "./areas/joining";
import type lottery from "./areas/lottery";
import type lotteryAdmin from "./areas/lottery-admin";
import type privacy from "./areas/privacy";
import type reminders from "./areas/reminders";
import type secondStep from "./areas/second-step";
import type sms from "./areas/sms";
import type staffFactor from "./areas/staff-factor";
import type surveys from "./areas/surveys";
import type surveysAdmin from "./areas/surveys-admin";
import type waitlist from "./areas/waitlist";

/** Every text in Chinese: zh.ts (the core and the member pages' areas) and the areas their own chunks add (docs/decisions.md 102). */
export type AllTexts = Dictionary & {
  calendar: typeof calendar.zh;
  card: typeof card.zh;
  checkin: typeof checkin.zh;
  consent: typeof consent.zh;
  editor: typeof editor.zh;
  joining: typeof joining.zh;
  lottery: typeof lottery.zh;
  lotteryAdmin: typeof lotteryAdmin.zh;
  privacy: typeof privacy.zh;
  reminders: typeof reminders.zh;
  secondStep: typeof secondStep.zh;
  sms: typeof sms.zh;
  staffFactor: typeof staffFactor.zh;
  surveys: typeof surveys.zh;
  surveysAdmin: typeof surveysAdmin.zh;
  waitlist: typeof waitlist.zh;
};

// Numbered texts (a property type's 1001) are keys too.
type Name<T> = keyof T & (string | number);

type Leaves<T, Path extends string = ""> = {
  [K in Name<T>]: T[K] extends string ? `${Path}${K}` : Leaves<T[K], `${Path}${K}.`>;
}[Name<T>];

type Groups<T, Path extends string = ""> = {
  [K in Name<T>]: T[K] extends string ? never : `${Path}${K}` | Groups<T[K], `${Path}${K}.`>;
}[Name<T>];

/** A text's key as t() takes it: "common.ok", "editor.tools.wording". A key no dictionary has does not compile. */
export type TextKey = Leaves<AllTexts>;

/** A key's group, the path of a branch of texts: "result", "editor.tools". */
export type TextGroup = Groups<AllTexts>;

/** The keys under a group, without it: TextName<"editor.tools"> is "wording" | "layout" | …; TextName<"editor.question.errors"> has "type" and "option.value". */
export type TextName<G extends TextGroup> = TextKey extends infer K ? (K extends `${G}.${infer Name}` ? Name : never) : never;

/** The groups that hold every one of these names: the areas a shared component (an import window, a list page) can take its texts from. */
export type TextGroupWith<Names extends string> = { [G in TextGroup]: `${G}.${Names}` extends TextKey ? G : never }[TextGroup];
