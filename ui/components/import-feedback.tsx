// What every spreadsheet import window shows (spec 3 sections 4.3 and 8): the
// form that chooses and uploads the .xlsx, then the summary and the feedback
// table of every row's verdict, paged, with Cancel (the log deleted) and
// Confirm (the log downloaded) under it. The texts come from the import's own
// i18n area (`texts`, e.g. "members.imports": its row, content, verdict,
// reason, feedback, verdicts.*, file, noFile, upload, cancel, confirm) and the
// classes from its own stylesheet (`css`, e.g. "member-import": -form, -name,
// -summary, -hint).
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { type TextGroupWith, useT } from "../i18n";
import { type Column, CardList } from "./card-list";

/** One row of an import's answer, as src/domains/shared/sheets/imports.ts answers it. */
export type ImportVerdict = { row: number; cells: string[]; verdict: "apply" | "same" | "refused"; reason: string | null; reasons?: string[] };

/** The feedback table's page: a file may hold thousands of rows. */
const FEEDBACK_PAGE = 20;

/** An import's own texts: a group holding all of these. */
type ImportTexts = TextGroupWith<"file" | "noFile" | "upload" | "cancel" | "confirm" | "row" | "content" | "verdict" | "reason" | "feedback" | `verdicts.${ImportVerdict["verdict"] | "applied"}`>;

type Area = { css: string; texts: ImportTexts };

/** The file chooser and its upload button; `onUpload` runs on submit with the chosen file. */
export function ImportFileForm({ css, texts, onUpload }: Area & { onUpload: (file: File | null) => void }) {
  const t = useT();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onUpload(file);
  };
  return (
    <form className={`${css}-form`} onSubmit={submit}>
      <label className="button button-quiet file-button" htmlFor={inputId}>
        {t(`${texts}.file`)}
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        data-testid="import-file"
      />
      <span className={`${css}-name`} aria-live="polite">
        {file?.name ?? t(`${texts}.noFile`)}
      </span>
      <button type="submit" className="button button-primary" disabled={!file} data-testid="import-upload">
        {t(`${texts}.upload`)}
      </button>
    </form>
  );
}

/** The window's footer once the feedback is shown: Cancel deletes the log, Confirm downloads it. */
export function ImportFinishButtons({ texts, onFinish }: { texts: ImportTexts; onFinish: (keep: boolean) => void }) {
  const t = useT();
  return (
    <>
      <button type="button" className="button button-quiet" onClick={() => onFinish(false)} data-testid="import-cancel">
        {t(`${texts}.cancel`)}
      </button>
      <button type="button" className="button button-primary" onClick={() => onFinish(true)} data-testid="import-confirm">
        {t(`${texts}.confirm`)}
      </button>
    </>
  );
}

type FeedbackProps = Area & {
  summary: ReactNode;
  /** The whole file was refused: nothing was applied, an "apply" row reads as what would have been. */
  refused: boolean;
  list: ImportVerdict[];
  /** A line between the summary and the table. */
  hint?: ReactNode;
  /** What the table says without rows. */
  empty: string;
  /** The row's content column: its first three filled cells, each as `cell` shows it. */
  cell?: (value: string) => string;
  reasonText: (reason: string) => string;
};

function ReasonList({ reasons, text }: { reasons: string[]; text: (reason: string) => string }) {
  if (reasons.length < 2) return <>{reasons.map(text).join("")}</>;
  return (
    <ul className="import-reasons" data-testid="import-reasons">
      {reasons.map((r) => (
        <li key={r}>{text(r)}</li>
      ))}
    </ul>
  );
}

/** The summary and the paged table of every row's verdict. */
export function ImportFeedback({ css, texts, summary, refused, list, hint, empty, cell = (c) => c, reasonText }: FeedbackProps) {
  const t = useT();
  const [index, setIndex] = useState(1);
  const verdictText = (v: ImportVerdict) => t(`${texts}.verdicts.${v.verdict === "apply" && !refused ? "applied" : v.verdict}`);
  const columns: Column<ImportVerdict>[] = [
    { key: "row", title: t(`${texts}.row`), render: (v) => v.row },
    { key: "content", title: t(`${texts}.content`), place: "title", render: (v) => <span className="import-cells">{v.cells.filter((c) => c).slice(0, 3).map(cell).join(" · ")}</span> },
    { key: "verdict", title: t(`${texts}.verdict`), place: "aside", render: (v) => <span className={`import-verdict import-${v.verdict}`}>{verdictText(v)}</span> },
    // Every fault of the row, one line each (decision 111).
    { key: "reason", title: t(`${texts}.reason`), wide: true, render: (v) => <ReasonList reasons={v.reasons ?? (v.reason ? [v.reason] : [])} text={reasonText} /> },
  ];
  const max = Math.max(1, Math.ceil(list.length / FEEDBACK_PAGE));
  return (
    <>
      <p className={refused ? `${css}-summary is-refused` : `${css}-summary`} role="status" data-testid="import-summary">
        {summary}
      </p>
      {hint ? <p className={`${css}-hint`}>{hint}</p> : null}
      <CardList
        list={list.slice((index - 1) * FEEDBACK_PAGE, index * FEEDBACK_PAGE)}
        failed={false}
        onRetry={() => undefined}
        columns={columns}
        rowKey={(v) => v.row}
        label={t(`${texts}.feedback`)}
        empty={empty}
        itemTestId="import-row"
        paging={{ index, max, count: list.length, onChange: (n) => setIndex(Math.min(Math.max(1, n), max)) }}
      />
    </>
  );
}
