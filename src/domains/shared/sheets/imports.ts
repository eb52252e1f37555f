// A staff spreadsheet import, whatever it writes (spec 3 sections 4.3 and 8):
// the file's header row is matched to the import's columns, every data row
// becomes a typed record and is judged (would apply, changes nothing, or is
// refused and why) before anything is written; a file with any refused row
// applies nothing ("the table was imported but has problems and nothing was
// executed"). Either way the verdicts are kept as a log the importer can
// download as a feedback table and delete ("cancel"), and the answer carries
// them row by row with the log's `key`. Rows are judged against what is
// stored, so the same file imported twice is "unchanged" the second time.
import { and, eq } from "drizzle-orm";
import { importLogs } from "../../../db/schema";
import type { ImportVerdict } from "../../../db/schema/imports";
import type { AuditTarget, CommandCtx, Download, UploadedFile } from "../../../http/kit";
import { type Message, message, refuse } from "../../../protocol/result";
import type { MemberCtx } from "../../context";
import { inLanguage } from "../language";
import { readRows, writeWorkbook, XLSX_TYPE } from "./workbook";

/** A column of an import: found in the header row by its Chinese or English title (or an alias), whatever the case and spaces. */
export type ImportColumn<K extends string = string> = { key: K; zh: string; en: string; required: boolean; aliases?: readonly string[] };

export type ImportRecord<K extends string> = { line: number; cells: string[]; values: Record<K, string> };

/** A judged row: what it would change (`change`, when it applies). */
export type Judged<C> = { line: number; cells: string[]; verdict: ImportVerdict["verdict"]; reason: string | null; reasons?: string[]; change?: C };

/** A row refused for every one of `reasons` (at least one), each named in the feedback (decision 111). */
export const refusedFor = <C>(line: number, cells: string[], reasons: readonly string[]): Judged<C> =>
  reasons.length > 1 ? { line, cells, verdict: "refused", reason: reasons[0]!, reasons: [...reasons] } : { line, cells, verdict: "refused", reason: reasons[0] ?? null };

/** What an import answers, refused or not: rows that changed something, the log's key, and every row's verdict. */
export type ImportAnswer = { count: number; key: string; list: ImportVerdict[] };

/** What an uploaded import may weigh. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** Rows the importer may hold at once: beyond, the file is refused as a whole. */
export const MAX_IMPORT_ROWS = 10_000;
/** A log is kept a week, then the clear-expired job removes it. */
const LOG_LIFETIME_MS = 7 * 24 * 3_600_000;

/** Text compared as staff type it: case and spaces ignored. */
export const squash = (text: string) => text.replace(/\s+/g, "").toLowerCase();

/** Rows per multi-row statement when an import reads or writes thousands. */
export const IMPORT_CHUNK = 1000;

/** The list in parts of `size`, for statements over thousands of rows. */
export const chunksOf = <T>(list: readonly T[], size = IMPORT_CHUNK): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * The file's data rows as records of the import's columns. Refused as a whole,
 * with ERROR_PARAMS: not a workbook { reason: "type" }, too big { reason: "size" | "rows" },
 * no data row { reason: "empty" }, a required column missing { reason: "columns", missing }.
 */
export function recordsOf<K extends string>(bytes: Uint8Array, columns: readonly ImportColumn<K>[], maxRows = MAX_IMPORT_ROWS) {
  const [head, ...rows] = readRows(bytes, { maxRows });
  // A template's example row is left out (decision 112); rows keep their line numbers.
  const body = rows.filter(({ cells }) => !isExampleRow(cells));
  if (!head || body.length === 0) refuse("ERROR_PARAMS", { reason: "empty" });
  const at = new Map<K, number>();
  for (const column of columns) {
    const names = new Set([column.zh, column.en, ...(column.aliases ?? [])].map(squash));
    const index = head.cells.findIndex((cell) => names.has(squash(cell)));
    if (index >= 0) at.set(column.key, index);
  }
  const missing = columns.filter((c) => c.required && !at.has(c.key)).map((c) => c.key);
  if (missing.length) refuse("ERROR_PARAMS", { reason: "columns", missing });
  const records: ImportRecord<K>[] = body.map(({ line, cells }) => ({
    line,
    cells,
    values: Object.fromEntries(columns.map((c) => [c.key, at.has(c.key) ? (cells[at.get(c.key)!] ?? "") : ""])) as Record<K, string>,
  }));
  return { header: head.cells, records };
}

/** A template's example row: its first cell starts with "例" or "e.g.", which no employee or order number does. */
export const isExampleRow = (cells: readonly string[]) => /^(例|e\.g\.)/i.test((cells[0] ?? "").trim());

const newKey = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex");

/**
 * Keeps the verdicts as a log and answers them; writes (through `apply`) only
 * when no row is refused. Answers `count` (rows that changed something), `key`
 * and `list`; a file with a refused row is ERROR_PARAMS { reason: "rows", refused }
 * with the same fields, and commits only its log.
 */
export async function finishImport<C>(
  ctx: CommandCtx<MemberCtx>,
  args: { kind: string; file: UploadedFile; header: string[]; judged: Judged<C>[]; apply: (changes: C[]) => Promise<number> },
): Promise<(ImportAnswer & { message: Message }) | (ImportAnswer & { audit: AuditTarget })> {
  const changes = appliable(args.judged);
  const count = changes === null ? 0 : changes.length ? await args.apply(changes) : 0;
  return keepImportLog(ctx, { ...args, count });
}

/** The changes to write, or null when a row is refused (then nothing is written). */
export function appliable<C>(judged: readonly Judged<C>[]): C[] | null {
  if (judged.some((j) => j.verdict === "refused")) return null;
  return judged.flatMap((j) => (j.verdict === "apply" && j.change !== undefined ? [j.change] : []));
}

/**
 * The log of a judged file, after its changes were written (`count` of them):
 * kept for its importer, and answered as finishImport answers. An import run
 * as a job in chunks calls it in its own last transaction.
 */
export async function keepImportLog(
  ctx: CommandCtx<MemberCtx>,
  args: { kind: string; file: UploadedFile; header: string[]; judged: Judged<unknown>[]; count: number },
): Promise<(ImportAnswer & { message: Message }) | (ImportAnswer & { audit: AuditTarget })> {
  const refused = args.judged.filter((j) => j.verdict === "refused").length;
  const count = refused ? 0 : args.count;
  const key = newKey();
  const rows: ImportVerdict[] = args.judged.map(({ line, cells, verdict, reason, reasons }) => ({ row: line, cells, verdict, reason, ...(reasons ? { reasons } : {}) }));
  await ctx.db.insert(importLogs).values({
    key,
    kind: args.kind,
    userId: ctx.actor.id,
    fileName: args.file.name,
    fileKey: args.file.key,
    header: args.header,
    rows,
    applied: count,
    createdAt: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + LOG_LIFETIME_MS),
  });
  const list = rows.map(({ row, cells, verdict, reason, reasons }) => ({ row, cells, verdict, reason, ...(reasons ? { reasons } : {}) }));
  if (refused) return { message: message("ERROR_PARAMS", { reason: "rows", refused }), count: 0, key, list };
  return { count, key, list, audit: { entity: "import", id: key, detail: `${args.kind}: ${count} of ${rows.length} rows (${args.file.key})` } };
}

/** The importer's own log of this kind, or ERROR_RESULT_NULL. */
async function ownLog(ctx: MemberCtx, kind: string, key: string) {
  const [log] = await ctx.db
    .select()
    .from(importLogs)
    .where(and(eq(importLogs.key, key), eq(importLogs.kind, kind), eq(importLogs.userId, ctx.actor.id)));
  if (!log || log.expiresAt <= ctx.now) refuse("ERROR_RESULT_NULL");
  return log;
}

/** Texts of the feedback table, by the reason codes an import gives, in both languages. */
export type ReasonTexts = Record<string, readonly [string, string]>;

const VERDICT_TEXTS: Record<ImportVerdict["verdict"], readonly [string, string]> = {
  apply: ["可导入", "Can be imported"],
  same: ["无变化", "Unchanged"],
  refused: ["不能导入", "Refused"],
};
const APPLIED: readonly [string, string] = ["已导入", "Imported"];

/** The feedback table: the file's rows as read, then the verdict and the reason, in the importer's language. */
export async function importLogFile(ctx: MemberCtx, args: { kind: string; key: string; reasons: ReasonTexts }): Promise<Download> {
  const log = await ownLog(ctx, args.kind, args.key);
  const say = (pair: readonly [string, string]) => inLanguage(ctx, pair[0], pair[1]);
  const header = [say(["行号", "Row"]), ...log.header, say(["结果", "Result"]), say(["原因", "Reason"])];
  const rows = log.rows.map((r) => [
    r.row,
    ...log.header.map((_, i) => r.cells[i] ?? ""),
    say(r.verdict === "apply" && log.applied > 0 ? APPLIED : VERDICT_TEXTS[r.verdict]),
    (r.reasons ?? (r.reason ? [r.reason] : [])).map((x) => say(args.reasons[x] ?? [x, x])).join(say(["；", "; "])),
  ]);
  const body = writeWorkbook([{ name: say(["导入结果", "Import result"]), rows: [header, ...rows], widths: [6, ...log.header.map(() => 18), 12, 36] }]);
  const base = log.fileName.replace(/\.xlsx$/i, "") || "import";
  return { body, type: XLSX_TYPE, filename: `${base}-${say(["导入结果", "result"])}.xlsx`, cache: "none" };
}

/** Deletes the importer's log ("cancel" after an import). */
export async function clearImportLog(ctx: CommandCtx<MemberCtx>, args: { kind: string; key: string }) {
  const log = await ownLog(ctx, args.kind, args.key);
  await ctx.db.delete(importLogs).where(eq(importLogs.id, log.id));
  return { audit: { entity: "import", id: log.key, detail: `${args.kind}: log deleted` } };
}

export const importKeyPattern = "^[0-9a-f]{32}$";
