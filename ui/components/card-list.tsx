// Every list of the portal: the personal centre's and the admin areas'. It
// shows one of four states (waiting, could not load, empty, the rows) and,
// with a pager, pages through a long list. Rows are drawn either as cards
// everywhere (`card`), or from `columns` as a table on a desk and as cards on
// a phone, or wherever the table would not fit its room: nobody should have
// to scroll a list sideways to find a column.
// Its styles (card-list.css) come with the lists' area stylesheet, components/lists.css,
// which a page showing a list loads (withAreaStyles in ui/routes.tsx).
import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useT } from "../i18n";
import { Pager, type PagerProps } from "./pager";

export type Column<T> = {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  align?: "left" | "right" | "center";
  /** On a card: the headline, or the note on its right; every other column is a labelled fact. */
  place?: "title" | "aside";
  /** A fact too long for half a card (a description, an order number) gets the whole width. */
  wide?: boolean;
};

type Rows<T> =
  /** Cards everywhere: each row's content, drawn inside its card. */
  | { card: (row: T) => ReactNode; cardClass?: (row: T) => string | undefined; columns?: never; rows?: never }
  /** A table on a desk, cards on a phone; `rows` pads the table to the spec's line count when there are rows. */
  | { columns: Column<T>[]; rows?: number; card?: never; cardClass?: never };

export type CardListProps<T> = Rows<T> & {
  /** null until the first answer arrives. */
  list: readonly T[] | null;
  failed: boolean;
  onRetry: () => void;
  rowKey: (row: T) => string | number;
  /** What an empty list says. */
  empty: string;
  /** The list's name for screen readers. */
  label: string;
  paging?: PagerProps;
  /** data-testid of each card or table row, for the tests that walk the list (each value carries data-column). */
  itemTestId?: string;
  /** A click anywhere on a row (not on a control inside it), or Enter on the focused row, opens it (spec 3 section 2.4). */
  onOpen?: (row: T) => void;
};

/** The props that make a row or card open on a click or on Enter; none when the list has no `onOpen`. */
function openable<T>(row: T, onOpen: ((row: T) => void) | undefined) {
  if (!onOpen) return {};
  const inControl = (target: EventTarget) => target instanceof Element && target.closest("a, button, input, select, textarea, label") !== null;
  return {
    tabIndex: 0,
    className: "row-openable",
    onClick: (e: { target: EventTarget }) => !inControl(e.target) && onOpen(row),
    onKeyDown: (e: { key: string; target: EventTarget; currentTarget: EventTarget; preventDefault: () => void }) => {
      if (e.key !== "Enter" || e.target !== e.currentTarget) return;
      e.preventDefault();
      onOpen(row);
    },
  };
}

/** Below this width a table becomes cards; the same width as the phone rules of the style sheets. */
const PHONE = "(max-width: 560px)";

function usePhone(): boolean {
  const [phone, setPhone] = useState(() => matchMedia(PHONE).matches);
  useEffect(() => {
    const query = matchMedia(PHONE);
    const change = () => setPhone(query.matches);
    query.addEventListener("change", change);
    return () => query.removeEventListener("change", change);
  }, []);
  return phone;
}

/** The width of an element, followed as it changes. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(Number.POSITIVE_INFINITY);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return width;
}

export function CardList<T>(props: CardListProps<T>) {
  const t = useT();
  const phone = usePhone();
  const room = useRef<HTMLDivElement>(null);
  const tableWrap = useRef<HTMLDivElement>(null);
  const width = useWidth(room);
  const { list, failed, onRetry, empty, paging } = props;
  // The room the table needed when it last did not fit; tried again whenever the rows or the language change.
  const [needs, setNeeds] = useState<number | null>(null);
  useLayoutEffect(() => setNeeds(null), [list, t]);
  useLayoutEffect(() => {
    const wrap = tableWrap.current;
    if (wrap && room.current && wrap.scrollWidth > wrap.clientWidth) setNeeds(wrap.scrollWidth + room.current.clientWidth - wrap.clientWidth);
  });
  const table = !!props.columns && !phone && (needs === null || width >= needs);

  let body: ReactNode;
  if (!list) {
    body = failed ? (
      <div className="panel list-state" role="alert">
        <p>{t("list.failed")}</p>
        <button type="button" className="button button-quiet" onClick={onRetry}>
          {t("common.retry")}
        </button>
      </div>
    ) : (
      <div className="list-waiting" aria-busy="true" />
    );
  } else if (list.length === 0) {
    body = (
      <div className="panel list-state" data-testid="list-empty">
        <p>{empty}</p>
      </div>
    );
  } else {
    body = (
      <>
        {table ? <RowTable {...props} columns={props.columns!} list={list} wrap={tableWrap} /> : <RowCards {...props} list={list} />}
        {paging ? <Pager {...paging} /> : null}
      </>
    );
  }
  return (
    <div className="list-room" ref={room}>
      {body}
    </div>
  );
}

function RowTable<T>({
  columns,
  list,
  rows = 0,
  rowKey,
  label,
  itemTestId,
  onOpen,
  wrap,
}: CardListProps<T> & { columns: Column<T>[]; list: readonly T[]; wrap: RefObject<HTMLDivElement | null> }) {
  const blanks = Math.max(0, rows - list.length);
  return (
    <div className="table-wrap" ref={wrap}>
      <table className="table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" style={{ textAlign: c.align }}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.map((row) => (
            <tr key={rowKey(row)} data-testid={itemTestId} {...openable(row, onOpen)}>
              {columns.map((c) => (
                <td key={c.key} style={{ textAlign: c.align }} data-column={c.key}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
          {Array.from({ length: blanks }, (_, i) => (
            <tr key={`blank-${i}`} className="table-blank" aria-hidden="true">
              {columns.map((c) => (
                <td key={c.key} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RowCards<T>({ list, columns, card, cardClass, rowKey, label, itemTestId, onOpen }: CardListProps<T> & { list: readonly T[] }) {
  return (
    <ul className="card-list" aria-label={label}>
      {list.map((row) => (
        <li key={rowKey(row)} data-testid={itemTestId} {...openable(row, onOpen)} className={["list-card", cardClass?.(row), onOpen ? "row-openable" : null].filter(Boolean).join(" ")}>
          {card ? card(row) : <ColumnCard columns={columns!} row={row} />}
        </li>
      ))}
    </ul>
  );
}

/** A table row as a card: the title and aside on one line, then the other columns as labelled facts. */
function ColumnCard<T>({ columns, row }: { columns: Column<T>[]; row: T }) {
  const title = columns.find((c) => c.place === "title");
  const aside = columns.find((c) => c.place === "aside");
  const facts = columns.filter((c) => !c.place);
  return (
    <>
      <div className="list-card-head">
        {title ? (
          <span className="list-card-title" data-column={title.key}>
            {title.render(row)}
          </span>
        ) : null}
        {aside ? (
          <span className="list-card-aside" data-column={aside.key}>
            {aside.render(row)}
          </span>
        ) : null}
      </div>
      <dl className="fact-list">
        {facts.map((c) => (
          <div key={c.key} className={c.wide ? "fact-wide" : undefined}>
            <dt>{c.title}</dt>
            <dd data-column={c.key}>{c.render(row)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
