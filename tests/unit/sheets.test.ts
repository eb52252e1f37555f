// The spreadsheet kit (src/domains/shared/sheets): reading a workbook's rows
// as text, refusing what is not one (or would unpack to far more than it
// weighs), matching an import's columns by their titles, and writing one.
import { describe, expect, test } from "bun:test";
import { deflateRawSync } from "node:zlib";
import * as XLSX from "xlsx";
import { recordsOf } from "../../src/domains/shared/sheets/imports";
import { readRows, unpackedSize, writeWorkbook } from "../../src/domains/shared/sheets/workbook";
import { DomainError } from "../../src/protocol/result";

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
  test("a workbook reads back cell for cell: text stays text (a formula too), numbers and money with 2 decimals, empty text an empty cell", () => {
    const bytes = writeWorkbook([{ name: "订单/Orders?", rows: [["A", "B", "C", "D"], ["=HYPERLINK(\"x\")", 3, { t: "n", v: 8.8, z: "0.00" }, ""]], widths: [10, 10, 10, 10] }]);
    const wb = XLSX.read(bytes, { type: "array", cellFormula: true });
    expect(wb.SheetNames).toEqual(["订单 Orders "]);
    const sheet = wb.Sheets[wb.SheetNames[0]!]!;
    expect(sheet.A2).toMatchObject({ t: "s", v: '=HYPERLINK("x")' });
    expect(sheet.A2.f).toBeUndefined();
    expect(sheet.B2).toMatchObject({ t: "n", v: 3 });
    expect(sheet.C2).toMatchObject({ t: "n", v: 8.8, w: "8.80" });
    expect(sheet.D2).toBeUndefined();
    expect(readRows(bytes, { maxRows: 10 }).map((r) => r.cells)).toEqual([["A", "B", "C", "D"], ['=HYPERLINK("x")', "3", "8.8", ""]]);
  });
});
