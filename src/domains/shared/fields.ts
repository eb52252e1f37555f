// The fields several domains take: their schemas (bounded, and loose on
// format so that the verb can answer which field was wrong) and the format
// checks every code flow runs first (spec 1 section 5).
import { Type as t } from "@sinclair/typebox";
import { and, eq, ne } from "drizzle-orm";
import { users } from "../../db/schema";
import { isMail, isPhone } from "../../protocol/identity";
import { PASSWORD_DIGEST_PATTERN } from "../../protocol/password";
import { DomainError } from "../../protocol/result";
import type { Ctx } from "../context";

export const phoneField = t.String({ maxLength: 40 });
export const mailField = t.String({ maxLength: 200 });
export const codeField = t.String({ maxLength: 20 });
/** MD5 of the password, as the client sends every password (spec 1 section 5). */
export const passwordField = t.String({ pattern: PASSWORD_DIGEST_PATTERN, maxLength: 32 });
/** A date or time filter as the UI sends it (ISO text); the verb parses it. */
export const timeField = t.Optional(t.String({ maxLength: 40 }));
/** A page of a list, from 1; any other whole number is clamped to 1..max by the verb (spec 1's pager). */
export const pageIndex = t.Optional(t.Integer({ minimum: -1_000_000, maximum: 1_000_000 }));
/** A time on the wire: ISO text, or null when there is none. */
export const isoOf = (d: Date | null): string | null => (d ? d.toISOString() : null);
export const idField = t.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Exactly 11 digits starting with 1, else ERROR_PARAMS { field: "phone" }. */
export function phoneOf(raw: string): string {
  const phone = raw.trim();
  if (!isPhone(phone)) throw new DomainError("ERROR_PARAMS", { field: "phone" });
  return phone;
}

/** E-mails are stored lower-case (docs/decisions.md 7), else ERROR_PARAMS { field: "mail" }. */
export function mailOf(raw: string): string {
  const mail = raw.trim().toLowerCase();
  if (mail.length > 200 || !isMail(mail)) throw new DomainError("ERROR_PARAMS", { field: "mail" });
  return mail;
}

/** A time filter: absent or empty is no bound; anything unreadable is ERROR_PARAMS naming the field. */
export function timeOf(value: string | undefined, field: string): Date | null {
  if (value === undefined || value === "") return null;
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw new DomainError("ERROR_PARAMS", { field });
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
