// Formats every code flow checks before anything else (spec 1 section 5).
import { isMail, isPhone } from "../../protocol/identity";
import { DomainError } from "../../protocol/result";

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
