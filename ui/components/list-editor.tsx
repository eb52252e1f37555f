// The personal centre's list-and-edit page (the addresses, the family): a
// count against the spec's maximum, an add button, the list as cards each
// ending in edit and delete, and the editing dialog. Every change reloads the
// list and says so in a message box. The texts are the area's dictionary keys
// (`<area>.add`, `.count`, `.often`, `.empty`, `.edit`, `.delete`, `.deleted`,
// `.saved`), so both pages say the same things in the same places.
import { type ReactNode, useEffect, useState } from "react";
import { type Answer, isSuccess } from "../../src/protocol/result";
import { CentreSection } from "./centre-section";
import { type TextGroupWith, resultText, t as translate, useT } from "../i18n";
import { CardList } from "./card-list";
import { confirm, showMessage } from "./message-box";

export type LoadedList<T> = { list: T[] | null; failed: boolean; load: () => Promise<void> };

/** The list `load` answers, read again on demand; a refusal is said in a message box and leaves a retry. */
export function useLoadedList<T>(load: () => Promise<Answer<{ list: T[] }>>): LoadedList<T> {
  const [list, setList] = useState<T[] | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = async () => {
    const answer = await load();
    if (isSuccess(answer) && answer.list) {
      setList(answer.list);
      setFailed(false);
    } else {
      setFailed(true);
      await showMessage(resultText(translate, answer.message));
    }
  };
  useEffect(() => void reload(), []);
  return { list, failed, load: reload };
}

/** A call made from a card: its refusal is said; on success the list is read again and `done` is said. */
export type RunOnRow = (call: () => Promise<Answer>, done: string) => Promise<void>;

export type ListEditorProps<T> = LoadedList<T> & {
  /** The dictionary area of the texts, and the page's ids: "address" gives address-add, address-card. */
  area: TextGroupWith<"add" | "count" | "often" | "empty" | "edit" | "delete" | "deleted" | "saved">;
  title: string;
  intro: string;
  /** The spec's most rows; the server refuses one more too, but saying so before the form is filled spares the effort. */
  max: number;
  rowKey: (row: T) => string | number;
  /** A card's content above its actions. */
  card: (row: T) => ReactNode;
  cardClass?: (row: T) => string | undefined;
  /** Actions a card has before edit and delete (set as default). */
  moreActions?: (row: T, run: RunOnRow) => ReactNode;
  confirmDelete: (row: T) => string;
  remove: (row: T) => Promise<Answer>;
  /** The editing dialog for a row, or a new one (null). */
  editor: (row: T | null, close: () => void, saved: () => void) => ReactNode;
};

export function ListEditor<T>(props: ListEditorProps<T>) {
  const t = useT();
  const { area, list, failed, load, max } = props;
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);

  const add = () => {
    if (list && list.length >= max) return void showMessage(t(`${area}.often`));
    setEditing({ row: null });
  };

  const run: RunOnRow = async (call, done) => {
    const answer = await call();
    if (!isSuccess(answer)) return showMessage(resultText(t, answer.message));
    await load();
    await showMessage(done);
  };

  const remove = async (row: T) => {
    if (!(await confirm(props.confirmDelete(row)))) return;
    await run(() => props.remove(row), t(`${area}.deleted`));
  };

  const saved = async () => {
    setEditing(null);
    await load();
    await showMessage(t(`${area}.saved`));
  };

  return (
    <CentreSection
      id={area}
      title={props.title}
      intro={props.intro}
      tools={
        <>
          {list ? <span className="muted count-note">{t(`${area}.count`, { count: list.length, max })}</span> : null}
          <button type="button" className="button button-primary" onClick={add} data-testid={`${area}-add`}>
            {t(`${area}.add`)}
          </button>
        </>
      }
    >
      <CardList
        list={list}
        failed={failed}
        onRetry={() => void load()}
        rowKey={props.rowKey}
        label={props.title}
        empty={t(`${area}.empty`)}
        itemTestId={`${area}-card`}
        cardClass={props.cardClass}
        card={(row) => (
          <>
            {props.card(row)}
            <div className="card-actions">
              {props.moreActions?.(row, run)}
              <button type="button" className="link-button" onClick={() => setEditing({ row })}>
                {t(`${area}.edit`)}
              </button>
              <button type="button" className="link-button link-danger" onClick={() => void remove(row)}>
                {t(`${area}.delete`)}
              </button>
            </div>
          </>
        )}
      />
      {editing ? props.editor(editing.row, () => setEditing(null), () => void saved()) : null}
    </CentreSection>
  );
}
