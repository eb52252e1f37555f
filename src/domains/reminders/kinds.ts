// The reminders a member may choose (issue 32 item 2, decision 139): what each
// is about, when it falls due, and what it says. Each kind's due reminders
// are one statement (./due.ts); the texts here, in the member's language,
// with times in China time.
import { LANGUAGE } from "../../protocol/enumerations";

export const REMINDER_KINDS = ["activity-start", "window-closing", "order-unpaid", "offer-ending", "dues-due"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const REMINDER_CHANNELS = ["mail", "sms"] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How long before its moment each reminder falls due. An activity a day
 * before it starts, a window a day before it closes, an unpaid sign-up two
 * minutes before its five-minute window ends, an offer two hours before it
 * ends; dues on the billing year's first day.
 */
export const LEAD_MS = {
  "activity-start": 24 * HOUR,
  "window-closing": 24 * HOUR,
  "order-unpaid": 2 * MINUTE,
  "offer-ending": 2 * HOUR,
  /** Dues are reminded of during the billing year's first 30 days only. */
  "dues-window": 30 * 24 * HOUR,
} as const;

/** An offer's own message went out when it was made: no reminder in its first quarter hour. */
export const OFFER_QUIET_MS = 15 * MINUTE;

/** SMS are not sent between 22:00 and 08:00 China time; mail is. */
export function quietForSms(now: Date): boolean {
  const hour = new Date(now.getTime() + 8 * HOUR).getUTCHours();
  return hour >= 22 || hour < 8;
}

/** "2026-03-02 09:30", China time. */
const chinaMinute = (d: Date) => new Date(d.getTime() + 8 * HOUR).toISOString().slice(0, 16).replace("T", " ");

export type DueReminder = {
  kind: ReminderKind;
  userId: number;
  subject: number;
  dueAt: Date;
  /** The moment it is about: the start, the close, the end of the payment window or the offer, the year's start. */
  at: Date;
  nameZh: string;
  nameEn: string;
};

/** The reminder's subject line and text, in the member's language. */
export function reminderText(r: Pick<DueReminder, "kind" | "at" | "nameZh" | "nameEn">, language: number | null): { subject: string; text: string; sms: [string, string] } {
  const when = chinaMinute(r.at);
  const en = language === LANGUAGE.LANGUAGE_EN;
  const name = en ? r.nameEn : r.nameZh;
  switch (r.kind) {
    case "activity-start":
      return en
        ? { subject: `Tomorrow: ${name}`, text: `"${name}", which you signed up for, starts at ${when} (China time). Your ticket is under My orders in the union portal.`, sms: [name, when] }
        : { subject: `明天开始：${name}`, text: `您报名的活动“${name}”将于 ${when}（北京时间）开始，电子票可在工会会员平台“我的订单”中查看。`, sms: [name, when] };
    case "window-closing":
      return en
        ? { subject: `Sign-up closes soon: ${name}`, text: `Sign-up for "${name}", which you looked at, closes at ${when} (China time). Sign in to the union portal before then if you want to take part.`, sms: [name, when] }
        : { subject: `报名即将截止：${name}`, text: `您浏览过的活动“${name}”将于 ${when}（北京时间）截止报名，如需参加请在此之前登录工会会员平台报名。`, sms: [name, when] };
    case "order-unpaid":
      return en
        ? { subject: `Unpaid: ${name}`, text: `Your order for "${name}" is waiting for payment and is cancelled at ${when} (China time) if unpaid. Pay under My orders in the union portal.`, sms: [name, when] }
        : { subject: `待支付：${name}`, text: `您的订单“${name}”尚未支付，将于 ${when}（北京时间）自动取消，请在工会会员平台“我的订单”中完成支付。`, sms: [name, when] };
    case "offer-ending":
      return en
        ? { subject: `Your held place ends soon: ${name}`, text: `The place held for you in "${name}" is kept until ${when} (China time); after that it goes to the next in line. Sign in to the union portal to confirm it.`, sms: [name, when] }
        : { subject: `保留名额即将到期：${name}`, text: `为您保留的活动“${name}”名额将保留至 ${when}（北京时间），逾期将顺延给下一位，请尽快登录工会会员平台确认。`, sms: [name, when] };
    case "dues-due":
      return en
        ? { subject: `Union dues ${name} are due`, text: `The union dues of the year ${name}, which began on ${when.slice(0, 10)}, are due. Pay them under Personal centre › Dues in the union portal.`, sms: [name, when.slice(0, 10)] }
        : { subject: `${name} 年度会费待缴纳`, text: `${name} 年度会费（${when.slice(0, 10)} 起）待缴纳，请在工会会员平台“个人中心 › 会费”中缴纳。`, sms: [name, when.slice(0, 10)] };
  }
}
