// The filter form above a list: text, choice and date-range fields drawn from
// a description, with Search and Reset. A date range whose start is after its
// end is refused here, with a message, before anything is asked of the server.
// Its styles (filter-bar.css) come with the lists' area stylesheet, components/lists.css.
import { type FormEvent, useState } from "react";
import { useT } from "../i18n";
import { DatePicker } from "./date-picker";

type Draft = Record<string, string>;

export type FilterField<F extends Draft> =
  | { kind: "text"; name: keyof F & string; label: string; placeholder?: string; wide?: boolean }
  | { kind: "select"; name: keyof F & string; label: string; options: { value: string; label: string }[] }
  /** Two dates (with a time of day when `withTime`, China time), From and To unless labelled otherwise. */
  | { kind: "dates"; start: keyof F & string; end: keyof F & string; startLabel?: string; endLabel?: string; withTime?: boolean };

export type FilterBarProps<F extends Draft> = {
  /** Prefix of the fields' ids: `${id}-${name}`. */
  id: string;
  /** The form's name for screen readers. */
  label: string;
  fields: FilterField<F>[];
  draft: F;
  onDraft: (draft: F) => void;
  onSearch: () => void;
  onReset: () => void;
};

/** The first date range of the draft whose start is after its end. */
const badRange = <F extends Draft>(fields: FilterField<F>[], draft: F) =>
  fields.find((f) => f.kind === "dates" && draft[f.start] && draft[f.end] && draft[f.start]! > draft[f.end]!) as
    | Extract<FilterField<F>, { kind: "dates" }>
    | undefined;

export function FilterBar<F extends Draft>({ id, label, fields, draft, onDraft, onSearch, onReset }: FilterBarProps<F>) {
  const t = useT();
  const [refused, setRefused] = useState(false);
  const set = (name: keyof F & string, value: string) => {
    setRefused(false);
    onDraft({ ...draft, [name]: value });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const range = badRange(fields, draft);
    setRefused(!!range);
    if (range) return document.getElementById(`${id}-${range.start}`)?.focus();
    onSearch();
  };
  const errorId = `${id}-filter-error`;
  const invalid = refused ? badRange(fields, draft) : undefined;

  return (
    <form className="filter-bar" onSubmit={submit} aria-label={label} noValidate>
      {fields.map((field) => {
        if (field.kind === "dates") {
          const wrong = invalid === field;
          return (
            <div key={field.start} className={`filter-dates${field.withTime ? " filter-datetimes" : ""}`}>
              {[
                [field.start, field.startLabel ?? t("filter.start")],
                [field.end, field.endLabel ?? t("filter.end")],
              ].map(([name, text]) => (
                <label key={name} className="filter-field">
                  <span>{text}</span>
                  <DatePicker
                    id={`${id}-${name}`}
                    mode={field.withTime ? "datetime" : "date"}
                    value={draft[name!] ?? ""}
                    invalid={wrong}
                    describedBy={wrong ? errorId : undefined}
                    onChange={(value) => set(name!, value)}
                  />
                </label>
              ))}
            </div>
          );
        }
        return (
          <label key={field.name} className={`filter-field${field.kind === "text" && field.wide ? " filter-wide" : ""}`}>
            <span>{field.label}</span>
            {field.kind === "text" ? (
              <input
                id={`${id}-${field.name}`}
                className="input"
                name={field.name}
                value={draft[field.name]}
                placeholder={field.placeholder}
                onChange={(e) => set(field.name, e.target.value)}
              />
            ) : (
              <select id={`${id}-${field.name}`} className="input" name={field.name} value={draft[field.name]} onChange={(e) => set(field.name, e.target.value)}>
                <option value="">{t("filter.all")}</option>
                {field.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </label>
        );
      })}
      <div className="filter-actions">
        <button type="submit" className="button button-primary">
          {t("filter.search")}
        </button>
        <button
          type="button"
          className="button button-quiet"
          onClick={() => {
            setRefused(false);
            onReset();
          }}
        >
          {t("filter.reset")}
        </button>
      </div>
      {invalid ? (
        <p id={errorId} className="field-error filter-error" role="alert">
          {t("filter.badRange")}
        </p>
      ) : null}
    </form>
  );
}
