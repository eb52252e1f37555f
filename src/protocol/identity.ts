// Rules about people that the browser checks before sending and the server
// enforces again: the mainland resident ID number, phones, consignee names,
// and the trimming and escaping of free text. Isomorphic: no Bun/Node APIs.

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = "10X98765432";

/** 6 region + 4 year + 2 month + 2 day + 3 sequence digits, then a check digit or X (GB 11643). */
const ID_SHAPE = /^\d{6}(\d{4})(\d{2})(\d{2})\d{3}[\dX]$/;

/**
 * True for an 18-character mainland ID whose birth date exists and whose
 * check digit is right. A lower-case x is accepted: people type it.
 */
export function isMainlandId(raw: string, today: Date = new Date()): boolean {
  const id = raw.trim().toUpperCase();
  const m = ID_SHAPE.exec(id);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const birth = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31 February over into March: a real date reads back the same.
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return false;
  if (year < 1900 || birth.getTime() > today.getTime()) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11] === id[17];
}

/** The birth date an ID number carries, as yyyy-MM-dd. */
export const birthdayOfId = (id: string): string => `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;

/** ID_TYPE 1: national ID number; 2: passport or any other document. */
export const ID_TYPE = { NATIONAL: 1, OTHER: 2 } as const;

export const idTypeOf = (identity: string, today?: Date): 1 | 2 => (isMainlandId(identity, today) ? ID_TYPE.NATIONAL : ID_TYPE.OTHER);

/** Spec 1 section 5: exactly 11 digits starting with 1 (also the seeded phone property's match). */
export const PHONE_PATTERN = "^1\\d{10}$";
/** Something@somewhere.tld without spaces or angle brackets (also the seeded e-mail property's match). */
export const MAIL_PATTERN = "^[^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>]+$";
const PHONE = new RegExp(PHONE_PATTERN);
const MAIL = new RegExp(MAIL_PATTERN);

export const isPhone = (value: string): boolean => PHONE.test(value);
export const isMail = (value: string): boolean => MAIL.test(value);

/** A consignee: Chinese characters (with the middle dot of transliterated names), or Latin words with single spaces. */
export const isPersonName = (value: string): boolean =>
  /^[\u4e00-\u9fa5]+(·[\u4e00-\u9fa5]+)*$/.test(value) || /^[A-Za-z]+( [A-Za-z]+)*$/.test(value);

export const hasChinese = (value: string): boolean => /[\u4e00-\u9fa5]/.test(value);

/** Trimmed, angle brackets escaped (spec 1 section 5), so stored text never carries markup. */
export const cleanText = (value: string): string => escapeAngles(value.trim());

export const escapeAngles = (text: string): string => text.replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** What the member typed, from text stored escaped: a field or a title shows it as written. */
export const unescapeAngles = (text: string): string => text.replace(/&lt;/g, "<").replace(/&gt;/g, ">");

/** A phone shown to people keeps its first 3 and last 4 digits: 139****0001 (spec 3 section 9). */
export function maskPhone(phone: string | null | undefined): string {
  const digits = (phone ?? "").trim();
  if (digits.length < 8) return digits;
  return `${digits.slice(0, 3)}${"*".repeat(digits.length - 7)}${digits.slice(-4)}`;
}

/** An identity number shown on screen keeps its first 6 and last 4 characters. */
export function maskIdentity(identity: string | null | undefined): string {
  const text = (identity ?? "").trim();
  if (text.length <= 10) return text.length > 4 ? `${"*".repeat(text.length - 4)}${text.slice(-4)}` : text;
  return `${text.slice(0, 6)}${"*".repeat(text.length - 10)}${text.slice(-4)}`;
}
