// The tag group editor (spec 3 sections 2.2 and 5 "Tag"): the group's
// Chinese and English names, its tags (names, linked activities, move up and
// down, delete) and an add row whose activities are found by name among the
// module's (/activity/simple/find). Checked by the spec's rules before it
// goes back to the team window; the server checks them again on save.
import { type KeyboardEvent, useState } from "react";
import { useSnapshot } from "valtio";
import { message } from "../../../../src/protocol/result";
import { api } from "../../../api";
import { type FieldErrors, FormDialog, useFormDialog } from "../../../components/form-dialog";
import { showMessage } from "../../../components/message-box";
import { pick, useT } from "../../../i18n";
import { session } from "../../../state/session";

export type LinkedActivity = { id: number; nameZh: string; nameEn: string };
export type TagDraft = { id?: number; nameZh: string; nameEn: string; activities: LinkedActivity[] };
export type GroupDraft = { id?: number; nameZh: string; nameEn: string; tags: TagDraft[] };

/** Moves the item at `i` by `by` (-1 up, 1 down); the order is the numbering the save gives. */
export function moved<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

type Field = "nameZh" | "nameEn" | "tags";
const FIELDS: readonly Field[] = ["nameZh", "nameEn", "tags"];

/** The rules of spec 3 section 5 "Tag" the group breaks, by field, as dictionary keys: its names, then the first its tags break. */
export function groupErrors(group: GroupDraft): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (!group.nameZh.trim()) errors.nameZh = "editor.errors.groups.nameZh";
  if (!group.nameEn.trim()) errors.nameEn = "editor.errors.groups.nameEn";
  const names = (pick: (t: TagDraft) => string) => new Set(group.tags.map((t) => pick(t).trim())).size !== group.tags.length;
  const ids = group.tags.flatMap((t) => t.activities.map((a) => a.id));
  if (group.tags.some((t) => !t.nameZh.trim() || !t.nameEn.trim())) errors.tags = "editor.errors.tags.nameZh";
  else if (names((t) => t.nameZh) || names((t) => t.nameEn)) errors.tags = "editor.errors.tags.duplicate";
  else if (group.tags.length === 0) errors.tags = "editor.errors.groups.tags";
  else if (group.tags.some((t) => t.activities.length === 0)) errors.tags = "editor.errors.tags.activities";
  else if (new Set(ids).size !== ids.length) errors.tags = "editor.errors.tags.twice";
  return errors;
}

export type TagGroupDialogProps = {
  group: GroupDraft;
  /** Where the group is (or will be) in the team's list, from 1, as its errors name it. */
  position: number;
  moduleId: number;
  onDone: (group: GroupDraft) => void;
  onClose: () => void;
};

// Nothing is sent from here: the group goes back to the team window, which saves it with the team.
export function TagGroupDialog({ group, position, moduleId, onDone, onClose }: TagGroupDialogProps) {
  const t = useT();
  const { language } = useSnapshot(session);
  const editor = useFormDialog<GroupDraft, Field, { group: GroupDraft }>({
    id: "tag-group",
    fields: FIELDS,
    initial: () => group,
    validate: groupErrors,
    send: async (draft) => ({ message: message("SUCCESS"), group: { ...draft, nameZh: draft.nameZh.trim(), nameEn: draft.nameEn.trim() } }),
    accepted: (answer) => onDone(answer.group!),
    errorParams: () => ({ group: position }),
  });
  const { form: draft, update, error, described } = editor;
  const [tag, setTag] = useState<TagDraft>({ nameZh: "", nameEn: "", activities: [] });
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<LinkedActivity[] | null>(null);
  const name = (a: LinkedActivity) => pick(language, a.nameZh, a.nameEn);
  const setTags = (tags: TagDraft[]) => update({ tags });

  const find = async () => {
    const answer = await api.call("/activity/simple/find", { name: search.trim(), module: moduleId });
    setFound(answer.list ?? []);
  };
  const addTag = async () => {
    if (!tag.nameZh.trim() || !tag.nameEn.trim()) return showMessage(t("editor.errors.tags.nameZh"));
    if (tag.activities.length === 0) return showMessage(t("editor.errors.tags.activities"));
    setTags([...draft.tags, { ...tag, nameZh: tag.nameZh.trim(), nameEn: tag.nameEn.trim() }]);
    setTag({ nameZh: "", nameEn: "", activities: [] });
    setFound(null);
    setSearch("");
  };
  // Enter in the add row adds the tag, rather than confirming the group without it.
  const addOnEnter = (e: KeyboardEvent) => e.key === "Enter" && (e.preventDefault(), void addTag());
  const chips = (list: LinkedActivity[], remove: (id: number) => void) => (
    <ul className="editor-chips">
      {list.map((a) => (
        <li key={a.id} className="editor-chip">
          <span>{name(a)}</span>
          <button type="button" className="editor-chip-remove" aria-label={t("editor.team.unlink", { name: name(a) })} onClick={() => remove(a.id)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );

  // A tag being put together in the add row is an edit too: closing asks before it is dropped.
  const adding = !!(tag.nameZh.trim() || tag.nameEn.trim() || tag.activities.length);

  return (
    <FormDialog editor={editor} edited={adding} title={t("editor.team.groupTitle")} saveLabel={t("editor.team.confirmGroup")} onClose={onClose} width={760} className="editor-form" testId="tag-group-editor" saveTestId="tag-group-done">
      <div className="editor-row">
        <div className="field">
          <label htmlFor="tag-group-nameZh">{t("editor.team.groupNameZh")}</label>
          <input id="tag-group-nameZh" className={editor.inputClass("nameZh")} value={draft.nameZh} maxLength={100} data-autofocus {...described("nameZh")} onChange={(e) => update({ nameZh: e.target.value })} />
          {error("nameZh")}
        </div>
        <div className="field">
          <label htmlFor="tag-group-nameEn">{t("editor.team.groupNameEn")}</label>
          <input id="tag-group-nameEn" className={editor.inputClass("nameEn")} value={draft.nameEn} maxLength={100} {...described("nameEn")} onChange={(e) => update({ nameEn: e.target.value })} />
          {error("nameEn")}
        </div>
      </div>
      <h3 className="editor-subtitle" id="tag-group-tags-title">
        {t("editor.team.tags")}
      </h3>
      <div role="group" id="tag-group-tags" tabIndex={-1} aria-labelledby="tag-group-tags-title" aria-describedby={described("tags")["aria-describedby"]}>
        {draft.tags.length ? (
          <ul className="editor-rows" data-testid="tag-list">
            {draft.tags.map((x, i) => (
              <li key={`${x.id ?? "new"}-${i}`} className="editor-item">
                <div className="editor-item-main">
                  <input aria-label={t("editor.team.tagNameZh")} className="input" value={x.nameZh} maxLength={100} onChange={(e) => setTags(draft.tags.map((y, at) => (at === i ? { ...y, nameZh: e.target.value } : y)))} />
                  <input aria-label={t("editor.team.tagNameEn")} className="input" value={x.nameEn} maxLength={100} onChange={(e) => setTags(draft.tags.map((y, at) => (at === i ? { ...y, nameEn: e.target.value } : y)))} />
                  {chips(x.activities, (id) => setTags(draft.tags.map((y, at) => (at === i ? { ...y, activities: y.activities.filter((a) => a.id !== id) } : y))))}
                </div>
                <div className="editor-item-actions">
                  <button type="button" className="link-button" disabled={i === 0} onClick={() => setTags(moved(draft.tags, i, -1))}>
                    {t("editor.moveUp")}
                  </button>
                  <button type="button" className="link-button" disabled={i === draft.tags.length - 1} onClick={() => setTags(moved(draft.tags, i, 1))}>
                    {t("editor.moveDown")}
                  </button>
                  <button type="button" className="link-button link-danger" onClick={() => setTags(draft.tags.filter((_, at) => at !== i))}>
                    {t("editor.remove")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="field-hint">{t("editor.team.noTags")}</p>
        )}
        {error("tags")}
      </div>
      <fieldset className="editor-section editor-add">
        <legend>{t("editor.team.newTag")}</legend>
        <div className="editor-row">
          <input aria-label={t("editor.team.tagNameZh")} placeholder={t("editor.team.tagNameZh")} className="input" value={tag.nameZh} maxLength={100} onChange={(e) => setTag({ ...tag, nameZh: e.target.value })} onKeyDown={addOnEnter} data-testid="new-tag-zh" />
          <input aria-label={t("editor.team.tagNameEn")} placeholder={t("editor.team.tagNameEn")} className="input" value={tag.nameEn} maxLength={100} onChange={(e) => setTag({ ...tag, nameEn: e.target.value })} onKeyDown={addOnEnter} data-testid="new-tag-en" />
        </div>
        {chips(tag.activities, (id) => setTag({ ...tag, activities: tag.activities.filter((a) => a.id !== id) }))}
        <div className="editor-inline">
          <input aria-label={t("editor.team.findActivity")} placeholder={t("editor.team.findActivity")} className="input" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), void find())} data-testid="tag-activity-search" />
          <button type="button" className="button button-quiet" onClick={() => void find()}>
            {t("editor.team.find")}
          </button>
        </div>
        {found ? (
          found.length ? (
            <ul className="editor-picks" data-testid="tag-activity-results">
              {found.map((a) => (
                <li key={a.id}>
                  <button type="button" className="link-button" disabled={tag.activities.some((x) => x.id === a.id)} onClick={() => setTag({ ...tag, activities: [...tag.activities, a] })}>
                    {t("editor.team.link")} {name(a)}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="field-hint">{t("editor.team.noneFound")}</p>
          )
        ) : null}
        <button type="button" className="button button-quiet" onClick={() => void addTag()} data-testid="add-tag">
          {t("editor.team.addTag")}
        </button>
      </fieldset>
    </FormDialog>
  );
}
