// Spreadsheets in and out (spec 3 sections 5 and 8: imports must be xlsx;
// exports are xlsx files). SheetJS as "@e965/xlsx" (docs/decisions.md: the
// registry's own "xlsx" has an unfixed prototype pollution). The upload kit
// has already checked the bytes are a zip naming an "xl/" part; here the zip's
// directory is read before SheetJS unpacks anything, so a small file that
// would unpack to gigabytes (a zip bomb) is refused unread, and a file
// SheetJS cannot read as a workbook is refused like a wrong type.
import * as XLSX from "xlsx";
import { refuse } from "../../../protocol/result";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** What a workbook may unpack to: a 10,000-row import is a few MB. */
const MAX_UNPACKED = 64 * 1024 * 1024;
/** Zip entries in an xlsx: a workbook of one sheet has about ten. */
const MAX_ENTRIES = 2000;

const wrongType = (): never => {
  refuse("ERROR_PARAMS", { reason: "type" });
};

/** The sum of the uncompressed sizes the zip's central directory declares; null when it cannot be read. */
export function unpackedSize(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-directory record is in the last 22 bytes plus a comment of up to 65,535.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (entries > MAX_ENTRIES || entries === 0xffff || at === 0xffffffff) return null;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const size = view.getUint32(at + 24, true);
    // 0xffffffff: the size is in a zip64 field; no spreadsheet of ours needs one.
    if (size === 0xffffffff) return null;
    total += size;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return total;
}

/**
 * Text a spreadsheet reads as a formula once the sheet is saved as CSV or the
 * cell edited (OWASP "CSV Injection": =, +, -, @, tab, carriage return; and a
 * line feed, which an export writes for a carriage return), also behind
 * quotes: such text is written with one more leading quote, and the quote
 * taken off again on import, so what is exported imports as it was
 * (docs/decisions.md 105).
 */
const FORMULA_START = /^'*[=+\-@\t\r\n]/;
const QUOTED_FORMULA = /^'+[=+\-@\t\r\n]/;

/** Text as an export writes it: a member's "=HYPERLINK(...)" as "'=HYPERLINK(...)", "'=1" as "''=1". */
export const escapeFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** Text as an export wrote it, read back: one leading quote off when only quotes stand before a formula's first character. */
export const unescapeFormula = (text: string): string => (QUOTED_FORMULA.test(text) ? text.slice(1) : text);

/** A cell as text: numbers without exponent or float noise (an order number typed as digits), dates as ISO, an export's quote taken off. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (value instanceof Date) return value.toISOString();
  return unescapeFormula(String(value).replace(/\u0000/g, "").trim());
}

/**
 * The first sheet's rows as trimmed text, the header row first; empty rows
 * left out (each row keeps its line number in the sheet, counted from 1).
 * A file that is not a workbook is ERROR_PARAMS { reason: "type" }; past
 * `maxRows` data rows, ERROR_PARAMS { reason: "rows", max }.
 */
export function readRows(bytes: Uint8Array, opts: { maxRows: number }): { line: number; cells: string[] }[] {
  const size = unpackedSize(bytes);
  if (size === null) return wrongType();
  if (size > MAX_UNPACKED) refuse("ERROR_PARAMS", { reason: "size", max: MAX_UNPACKED });
  let book: XLSX.WorkBook;
  try {
    // Only values: no formulas, styles, HTML or rich text; and never more rows than allowed (+ the header, + one to tell).
    book = XLSX.read(bytes, { type: "array", dense: true, cellFormula: false, cellHTML: false, cellStyles: false, cellDates: true, sheetRows: opts.maxRows + 2 });
  } catch {
    return wrongType();
  }
  if (book.bookType !== "xlsx") return wrongType();
  const sheet = book.Sheets[book.SheetNames[0] ?? ""];
  if (!sheet) return wrongType();
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  const rows: { line: number; cells: string[] }[] = [];
  grid.forEach((cells, i) => {
    const text = cells.map(textOf);
    if (text.some((c) => c !== "")) rows.push({ line: i + 1, cells: text });
  });
  if (rows.length > opts.maxRows + 1) refuse("ERROR_PARAMS", { reason: "rows", max: opts.maxRows });
  return rows;
}

/** Text, a number, empty, or a number with its display format (money: { t: "n", v: 88, z: "0.00" }). */
export type SheetCell = string | number | null | { t: "n"; v: number; z: string };

/** A time in China time (UTC+8), as the union reads it: yyyy-MM-dd HH:mm, or with seconds. */
export const chinaTimeText = (d: Date, seconds = false): string =>
  new Date(d.getTime() + 8 * 3_600_000)
    .toISOString()
    .slice(0, seconds ? 19 : 16)
    .replace("T", " ");
/** An amount in fen as yuan, a number cell shown with 2 decimals. */
export const moneyCell = (fen: number): SheetCell => ({ t: "n", v: fen / 100, z: "0.00" });
export type Sheet = { name: string; rows: SheetCell[][]; widths?: number[] };

/** Line breaks as line feeds (the test first: most cells have none, and a million cells are exported at once). */
const lineFeeds = (text: string) => (text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text);

/** A workbook of these sheets (the first row of each is its header), as xlsx bytes. */
export function writeWorkbook(sheets: readonly Sheet[]): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) {
    // Text goes in as string cells, never formulas, and quoted where it would become one: "=HYPERLINK(...)"
    // typed by a member stays text once staff save the sheet as CSV. Its line breaks are written as a
    // spreadsheet's own (LF): a CSV writer quotes a field holding one, but SheetJS's leaves a lone CR
    // unquoted, and a reader then starts a new row, formula and all, at it. Empty text is an empty cell.
    // Dense: a row of cells is an array, not an object keyed "A1" (100,000 rows of members: a third of the memory, twice as fast).
    const ws = XLSX.utils.aoa_to_sheet(
      sheet.rows.map((row) => row.map((cell) => (cell === "" ? null : typeof cell === "string" ? escapeFormula(lineFeeds(cell)) : cell))),
      { dense: true },
    );
    if (sheet.widths) ws["!cols"] = sheet.widths.map((wch) => ({ wch }));
    // Sheet names: 31 characters, none of []:*?/\ (Excel refuses the file otherwise).
    XLSX.utils.book_append_sheet(book, ws, sheet.name.replace(/[[\]:*?/\\]/g, " ").slice(0, 31));
  }
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer);
}
