// Spreadsheets in tests: files to upload, and downloads read back cell by cell.
import * as XLSX from "xlsx";
import type { ApiClient } from "../../src/protocol/client";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** An xlsx of one sheet with these rows (the first is the header), as a Blob to upload. */
export function xlsxFile(rows: (string | number | null)[][]): Blob {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  return new Blob([XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer], { type: XLSX_TYPE });
}

/** A sheet of an xlsx (the first unless told): the book's sheet names, its cells (for formats) and its rows of raw values. */
export function readXlsx(bytes: Uint8Array, index = 0) {
  const book = XLSX.read(bytes, { type: "array" });
  const sheet = book.Sheets[book.SheetNames[index]!]!;
  return { names: book.SheetNames, sheet, rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null }) };
}

/** The addresses of the sheet's cells that hold a formula. */
export function formulaCells(sheet: XLSX.WorkSheet): string[] {
  return Object.entries(sheet).flatMap(([address, cell]) => (!address.startsWith("!") && (cell as XLSX.CellObject).f !== undefined ? [address] : []));
}

/** The sheet as staff save it as CSV and open it again: the cells then read as formulas, and each row's texts as shown. */
export function reopenedAsCsv(sheet: XLSX.WorkSheet) {
  const book = XLSX.read(XLSX.utils.sheet_to_csv(sheet), { type: "string", cellFormula: true });
  const opened = book.Sheets[book.SheetNames[0]!]!;
  return { formulas: formulaCells(opened), rows: XLSX.utils.sheet_to_json<(string | null)[]>(opened, { header: 1, raw: false, defval: null }) };
}

/** A signed download as the browser makes it: the file's bytes, type and name, or the refusal's code. */
export async function fetchFile(client: ApiClient, path: string, params: Record<string, string>) {
  const got = await client.download(path, params);
  if ("answer" in got) return { code: got.answer.message.code, params: got.answer.message.params, bytes: null, type: null, name: null };
  return { code: "SUCCESS", params: undefined, bytes: new Uint8Array(await got.file.arrayBuffer()), type: got.file.type, name: got.name };
}
