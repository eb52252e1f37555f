// The fields several domains take: their schemas (bounded, and loose on
// format so that the verb can answer which field was wrong) and the format
// checks every code flow runs first (spec 1 section 5).
import { Type as t } from "@sinclair/typebox";
import { and, eq, ne } from "drizzle-orm";
import { users } from "../../db/schema";
import { isMail, isPhone } from "../../protocol/identity";
import { PASSWORD_DIGEST_PATTERN } from "../../protocol/password";
import { refuseField } from "../../protocol/result";
import type { Ctx } from "../context";

export const phoneField = t.String({ maxLength: 40 });
export const mailField = t.String({ maxLength: 200 });
export const codeField = t.String({ maxLength: 20 });
/** MD5 of the password, as the client sends every password (spec 1 section 5). */
export const passwordField = t.String({ pattern: PASSWORD_DIGEST_PATTERN, maxLength: 32 });
/** A date or time filter as the UI sends it (ISO text); the verb parses it. */
export const timeField = t.Optional(t.String({ maxLength: 40 }));
/**
 * A page of a list, from 1: every list takes this one field, and `page()`
 * (src/protocol/result.ts) clamps it to 1..max, as the specs say of every
 * pager. So any whole number is accepted, however far out of range: a JSON
 * integer past 2^53 arrives rounded (9007199254740993 as 9007199254740992),
 * one past the largest double as Infinity (a 400-digit page number, which
 * JSON.parse cannot tell from 1e400), and each clamps to the first or last
 * page. Not a page number, and so ERROR_PARAMS: a fraction, text ("2": no
 * coercion anywhere, src/http/input.ts), null, a boolean.
 */
export const pageIndex = t.Optional(t.Union([t.Integer(), t.Literal(Number.POSITIVE_INFINITY), t.Literal(Number.NEGATIVE_INFINITY)]));
/** A time on the wire: ISO text, or null when there is none. */
export const isoOf = (d: Date | null): string | null => (d ? d.toISOString() : null);
export const idField = t.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Exactly 11 digits starting with 1, else ERROR_PARAMS { field: "phone" }. */
export function phoneOf(raw: string): string {
  const phone = raw.trim();
  if (!isPhone(phone)) refuseField("phone");
  return phone;
}

/** E-mails are stored lower-case (docs/decisions.md 7), else ERROR_PARAMS { field: "mail" }. */
export function mailOf(raw: string): string {
  const mail = raw.trim().toLowerCase();
  if (mail.length > 200 || !isMail(mail)) refuseField("mail");
  return mail;
}

/** A time filter: absent or empty is no bound; anything unreadable is ERROR_PARAMS naming the field. */
export function timeOf(value: string | undefined, field: string): Date | null {
  if (value === undefined || value === "") return null;
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) refuseField(field);
  return time;
}

/** Whether a phone or e-mail belongs to a member other than `exceptUserId` (anyone, when null). */
export async function contactTaken(ctx: Pick<Ctx, "db">, kind: "phone" | "mail", value: string, exceptUserId: number | null): Promise<boolean> {
  const [other] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users[kind], value), exceptUserId === null ? undefined : ne(users.id, exceptUserId)))
    .limit(1);
  return Boolean(other);
}
