// The one date picker (spec 1 sections 5 and 9): a text field that takes
// yyyy-MM-dd (or yyyy-MM-dd HH:mm in "datetime" mode) typed by hand, and a
// calendar panel with day (42 cells), month and year (15 a page) views.
// Keyboard: arrows move by day or week, Page Up / Page Down by month, Enter
// picks, Esc closes. Placed beside the field by @floating-ui/react.
//
// The field is a combobox that pops up a dialog (the APG date picker
// combobox): a click in it opens the calendar and leaves the caret there, so
// a date can still be typed; the icon, or Arrow Down, opens it with the focus
// on the days. The wrapper only places the panel: ARIA states sit on the
// field and the icon, whose roles allow them.
import {
  FloatingFocusManager,
  autoUpdate,
  flip,
  offset,
  shift,
  size,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from "@floating-ui/react";
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { useT } from "../i18n";
import { chinaParts, chinaYear } from "../lib/china-time";
import { session } from "../state/session";
import {
  FIRST_YEAR,
  HOURS,
  MINUTES,
  type Mode,
  type Parts,
  addDays,
  addMonths,
  clampYear,
  dayGrid,
  daysInMonth,
  formatValue,
  lastYear,
  parseValue,
  twoDigits,
  yearPage,
} from "./date-picker/calendar";

export type DatePickerProps = {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  mode?: Mode;
  disabled?: boolean;
  readOnly?: boolean;
  invalid?: boolean;
  placeholder?: string;
  describedBy?: string;
};

type View = "day" | "month" | "year";

/** Today in China: the portal's dates (sign-up and display windows) are China time, whatever the visitor's zone. */
const todayParts = (): Parts => {
  const { year, month, day } = chinaParts(new Date())!;
  return { year, month, day, hour: 0, minute: 0 };
};

export function DatePicker({ id, value, onChange, mode = "date", disabled, readOnly, invalid, placeholder, describedBy }: DatePickerProps) {
  const t = useT();
  const { language } = useSnapshot(session);
  const last = lastYear(chinaYear());
  const [open, setOpen] = useState(false);
  // Whether the calendar takes the focus when it opens: not when the field itself was clicked.
  const [focusDays, setFocusDays] = useState(false);
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement: "bottom-start",
    // Fixed, so a scrolling dialog body does not clip the calendar.
    strategy: "fixed",
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(6),
      flip({ padding: 8 }),
      shift({ padding: 8 }),
      size({ padding: 8, apply: ({ availableWidth, elements }) => void (elements.floating.style.maxWidth = `${availableWidth}px`) }),
    ],
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([useDismiss(context), useRole(context, { role: "dialog" })]);

  // Esc closes the calendar only, not the window around it: caught on the way
  // down, before the dialog's own Esc handler on the document hears it.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      event.preventDefault();
      setOpen(false);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [open]);

  const commitText = () => {
    const trimmed = text.trim();
    if (trimmed === "") return trimmed !== value && onChange("");
    const parts = parseValue(trimmed, last);
    if (parts) {
      const formatted = formatValue(parts, mode);
      setText(formatted);
      if (formatted !== value) onChange(formatted);
    } else setText(value);
  };

  const pick = (parts: Parts) => {
    onChange(formatValue(parts, mode));
    setOpen(false);
  };

  const locked = disabled || readOnly;
  const show = (takeFocus: boolean) => {
    setFocusDays(takeFocus);
    setOpen(true);
  };
  return (
    <div className={`date-picker${invalid ? " date-picker-invalid" : ""}`} ref={refs.setReference}>
      <input
        id={id}
        role="combobox"
        className={`input${invalid ? " input-invalid" : ""}`}
        value={text}
        disabled={disabled}
        readOnly={readOnly}
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder ?? (mode === "datetime" ? "yyyy-MM-dd HH:mm" : "yyyy-MM-dd")}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => setText(event.target.value)}
        onBlur={commitText}
        // Merged with the dismiss and role props of floating-ui, not written over them.
        {...getReferenceProps({
          onClick: () => !locked && !open && show(false),
          onKeyDown: (event: ReactKeyboardEvent<HTMLInputElement>) => {
            if (event.key === "Enter") {
              event.preventDefault();
              commitText();
              setOpen(false);
            } else if (event.key === "ArrowDown" && !locked) {
              event.preventDefault();
              show(true);
            }
          },
        })}
      />
      <button
        type="button"
        className="date-picker-toggle"
        disabled={locked}
        aria-label={t("centre.picker.open")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => (open ? setOpen(false) : show(true))}
      >
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
          <rect x="3" y="4.5" width="14" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M3 8.5h14M7 2.8v3.4M13 2.8v3.4" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </button>
      {open ? (
        // Not modal: a modal manager hides the field from assistive technology while the caret is in it.
        <FloatingFocusManager context={context} initialFocus={-1} modal={false}>
          <div ref={refs.setFloating} style={floatingStyles} className="date-panel" {...getFloatingProps()} aria-label={t("centre.picker.label")}>
            <CalendarPanel
              initial={parseValue(value, last)}
              mode={mode}
              last={last}
              language={language}
              takeFocus={focusDays}
              onPick={pick}
              onClear={() => {
                onChange("");
                setOpen(false);
              }}
              onClose={() => setOpen(false)}
            />
          </div>
        </FloatingFocusManager>
      ) : null}
    </div>
  );
}

type PanelProps = {
  initial: Parts | null;
  mode: Mode;
  last: number;
  language: "zh" | "en";
  /** Put the focus on the chosen day at once (opened by the icon or the keyboard). */
  takeFocus: boolean;
  onPick: (parts: Parts) => void;
  onClear: () => void;
  onClose: () => void;
};

function CalendarPanel({ initial, mode, last, language, takeFocus, onPick, onClear, onClose }: PanelProps) {
  const t = useT();
  const start = initial ?? { ...todayParts(), year: clampYear(todayParts().year, last) };
  const [view, setView] = useState<View>("day");
  const [cursor, setCursor] = useState<Parts>(start);
  const [pageYear, setPageYear] = useState(start.year);
  const grid = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const locale = language === "en" ? "en-GB" : "zh-CN";
  const monthName = useMemo(() => new Intl.DateTimeFormat(locale, { month: language === "en" ? "short" : "long" }), [locale]);
  const weekdayName = useMemo(() => new Intl.DateTimeFormat(locale, { weekday: language === "en" ? "short" : "narrow" }), [locale]);
  const weekdays = Array.from({ length: 7 }, (_, i) => weekdayName.format(new Date(2024, 0, 1 + i)));
  const today = todayParts();

  // Keyboard moves put the focus on the new day cell once it is drawn.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>("[data-cursor=true]")?.focus();
  }, [cursor, view]);

  // A new view takes the focus; the first one only when asked to.
  const focusView = useRef(takeFocus);
  useEffect(() => {
    // The cursor's cell (the field's date, else today), not the first match of a selector list: that is the grid's first cell.
    if (focusView.current) (grid.current?.querySelector<HTMLElement>("[data-cursor=true]") ?? grid.current?.querySelector<HTMLElement>("button"))?.focus();
    focusView.current = true;
  }, [view]);

  const move = (next: Parts) => {
    moved.current = true;
    setCursor(next);
  };

  const onDayKey = (event: ReactKeyboardEvent) => {
    const steps: Record<string, () => Parts> = {
      ArrowLeft: () => addDays(cursor, -1, last),
      ArrowRight: () => addDays(cursor, 1, last),
      ArrowUp: () => addDays(cursor, -7, last),
      ArrowDown: () => addDays(cursor, 7, last),
      PageUp: () => addMonths(cursor, event.shiftKey ? -12 : -1, last),
      PageDown: () => addMonths(cursor, event.shiftKey ? 12 : 1, last),
    };
    const step = steps[event.key];
    if (step) {
      event.preventDefault();
      move(step());
    } else if (event.key === "Enter") {
      // Picks the day under the cursor, with the time shown, in both modes (a click on a day in "datetime" only moves the cursor).
      event.preventDefault();
      onPick(cursor);
    } else if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    }
  };

  const chooseDay = (cell: { year: number; month: number; day: number }) => {
    const next = { ...cursor, ...cell };
    if (mode === "date") onPick(next);
    else setCursor(next);
  };

  const title =
    view === "year"
      ? (() => {
          const years = yearPage(pageYear, last);
          return `${years[0]} - ${years[years.length - 1]}`;
        })()
      : view === "month"
        ? String(cursor.year)
        : language === "en"
          ? `${monthName.format(new Date(cursor.year, cursor.month - 1, 1))} ${cursor.year}`
          : `${cursor.year}年${cursor.month}月`;

  const previous = () => {
    if (view === "day") setCursor(addMonths(cursor, -1, last));
    else if (view === "month") setCursor({ ...cursor, year: clampYear(cursor.year - 1, last) });
    else setPageYear(clampYear(pageYear - 15, last));
  };
  const next = () => {
    if (view === "day") setCursor(addMonths(cursor, 1, last));
    else if (view === "month") setCursor({ ...cursor, year: clampYear(cursor.year + 1, last) });
    else setPageYear(clampYear(pageYear + 15, last));
  };
  const atStart = view === "year" ? yearPage(pageYear, last)[0] === FIRST_YEAR : view === "month" ? cursor.year <= FIRST_YEAR : cursor.year <= FIRST_YEAR && cursor.month === 1;
  const years = yearPage(pageYear, last);
  const atEnd = view === "year" ? years[years.length - 1] === last : view === "month" ? cursor.year >= last : cursor.year >= last && cursor.month === 12;

  return (
    <div className="date-panel-inner">
      <div className="date-panel-head">
        <button type="button" className="date-nav" onClick={previous} disabled={atStart} aria-label={t(`centre.picker.previous.${view}`)}>
          ‹
        </button>
        <button
          type="button"
          className="date-title"
          aria-live="polite"
          onClick={() => {
            if (view === "day") setView("month");
            else if (view === "month") {
              setPageYear(cursor.year);
              setView("year");
            }
          }}
          disabled={view === "year"}
        >
          {title}
        </button>
        <button type="button" className="date-nav" onClick={next} disabled={atEnd} aria-label={t(`centre.picker.next.${view}`)}>
          ›
        </button>
      </div>

      <div ref={grid}>
        {view === "day" ? (
          <div className="date-days" role="grid" aria-label={title} onKeyDown={onDayKey}>
            <div className="date-row" role="row">
              {weekdays.map((w) => (
                <span key={w} role="columnheader" className="date-weekday">
                  {w}
                </span>
              ))}
            </div>
            {Array.from({ length: 6 }, (_, week) => (
              <div className="date-row" role="row" key={week}>
                {dayGrid(cursor.year, cursor.month)
                  .slice(week * 7, week * 7 + 7)
                  .map((cell) => {
                    const isCursor = cell.year === cursor.year && cell.month === cursor.month && cell.day === cursor.day;
                    const isChosen = !!initial && cell.year === initial.year && cell.month === initial.month && cell.day === initial.day;
                    const isToday = cell.year === today.year && cell.month === today.month && cell.day === today.day;
                    const outOfRange = cell.year < FIRST_YEAR || cell.year > last;
                    return (
                      <button
                        key={`${cell.month}-${cell.day}`}
                        type="button"
                        role="gridcell"
                        className={`date-day${cell.inMonth ? "" : " date-day-other"}${isToday ? " date-day-today" : ""}`}
                        aria-selected={isChosen || (mode === "datetime" && isCursor)}
                        data-cursor={isCursor}
                        data-date={formatValue({ ...cell, hour: 0, minute: 0 }, "date")}
                        tabIndex={isCursor ? 0 : -1}
                        disabled={outOfRange}
                        onClick={() => chooseDay(cell)}
                      >
                        {cell.day}
                      </button>
                    );
                  })}
              </div>
            ))}
          </div>
        ) : view === "month" ? (
          <div className="date-months">
            {Array.from({ length: 12 }, (_, i) => i + 1).map((month) => (
              <button
                key={month}
                type="button"
                className="date-cell"
                aria-pressed={month === cursor.month}
                data-cursor={month === cursor.month}
                onClick={() => {
                  setCursor({ ...cursor, month, day: Math.min(cursor.day, daysInMonth(cursor.year, month)) });
                  setView("day");
                }}
              >
                {monthName.format(new Date(2024, month - 1, 1))}
              </button>
            ))}
          </div>
        ) : (
          <div className="date-years">
            {years.map((year) => (
              <button
                key={year}
                type="button"
                className="date-cell"
                aria-pressed={year === cursor.year}
                data-cursor={year === cursor.year}
                onClick={() => {
                  setCursor({ ...cursor, year, day: Math.min(cursor.day, daysInMonth(year, cursor.month)) });
                  setView("month");
                }}
              >
                {year}
              </button>
            ))}
          </div>
        )}
      </div>

      {mode === "datetime" && view === "day" ? (
        <div className="date-time">
          <label>
            <span className="visually-hidden">{t("centre.picker.hour")}</span>
            <select className="input" value={cursor.hour} onChange={(e) => setCursor({ ...cursor, hour: Number(e.target.value) })}>
              {HOURS.map((h) => (
                <option key={h} value={h}>
                  {twoDigits(h)}
                </option>
              ))}
            </select>
          </label>
          <span aria-hidden="true">:</span>
          <label>
            <span className="visually-hidden">{t("centre.picker.minute")}</span>
            <select className="input" value={cursor.minute} onChange={(e) => setCursor({ ...cursor, minute: Number(e.target.value) })}>
              {MINUTES.map((m) => (
                <option key={m} value={m}>
                  {twoDigits(m)}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}

      <div className="date-panel-foot">
        <button type="button" className="link-button" onClick={onClear}>
          {t("centre.picker.clear")}
        </button>
        {mode === "datetime" ? (
          <button type="button" className="button button-primary date-ok" onClick={() => onPick(cursor)}>
            {t("common.ok")}
          </button>
        ) : (
          <button type="button" className="link-button" onClick={() => onPick({ ...cursor, ...todayParts() })} disabled={today.year > last}>
            {t("centre.picker.today")}
          </button>
        )}
      </div>
    </div>
  );
}
