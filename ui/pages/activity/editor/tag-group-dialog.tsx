// The tag group editor (spec 3 sections 2.2 and 5 "Tag"): the group's
// Chinese and English names, its tags (names, linked activities, move up and
// down, delete) and an add row whose activities are found by name among the
// module's (/activity/simple/find). Checked by the spec's rules before it
// goes back to the team window; the server checks them again on save.
import { useState } from "react";
import { useSnapshot } from "valtio";
import { api } from "../../../api";
import { Dialog } from "../../../components/dialog";
import { showMessage } from "../../../components/message-box";
import { type TextKey, pick, useT } from "../../../i18n";
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

/** The first rule of spec 3 section 5 "Tag" the group breaks, as a dictionary key; null when it keeps them all. */
export function groupProblem(group: GroupDraft): TextKey | null {
  if (!group.nameZh.trim() || !group.nameEn.trim()) return "editor.errors.groups.nameZh";
  if (group.tags.some((t) => !t.nameZh.trim() || !t.nameEn.trim())) return "editor.errors.tags.nameZh";
  const names = (pick: (t: TagDraft) => string) => new Set(group.tags.map((t) => pick(t).trim())).size !== group.tags.length;
  if (names((t) => t.nameZh) || names((t) => t.nameEn)) return "editor.errors.tags.duplicate";
  if (group.tags.length === 0) return "editor.errors.groups.tags";
  if (group.tags.some((t) => t.activities.length === 0)) return "editor.errors.tags.activities";
  const ids = group.tags.flatMap((t) => t.activities.map((a) => a.id));
  if (new Set(ids).size !== ids.length) return "editor.errors.tags.twice";
  return null;
}

export function TagGroupDialog({ group, moduleId, onDone, onClose }: { group: GroupDraft; moduleId: number; onDone: (group: GroupDraft) => void; onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [draft, setDraft] = useState<GroupDraft>(group);
  const [tag, setTag] = useState<TagDraft>({ nameZh: "", nameEn: "", activities: [] });
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<LinkedActivity[] | null>(null);
  const name = (a: LinkedActivity) => pick(language, a.nameZh, a.nameEn);
  const setTags = (tags: TagDraft[]) => setDraft({ ...draft, tags });

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
  const done = async () => {
    const problem = groupProblem(draft);
    if (problem) return showMessage(t(problem, { group: 1 }));
    onDone({ ...draft, nameZh: draft.nameZh.trim(), nameEn: draft.nameEn.trim() });
  };
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

  return (
    <Dialog
      title={t("editor.team.groupTitle")}
      onClose={onClose}
      width={760}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="button" className="button button-primary" onClick={() => void done()} data-testid="tag-group-done">
            {t("editor.team.confirmGroup")}
          </button>
        </>
      }
    >
      <div className="editor-form" data-testid="tag-group-editor">
        <div className="editor-row">
          <div className="field">
            <label htmlFor="tag-group-nameZh">{t("editor.team.groupNameZh")}</label>
            <input id="tag-group-nameZh" className="input" value={draft.nameZh} maxLength={100} data-autofocus onChange={(e) => setDraft({ ...draft, nameZh: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="tag-group-nameEn">{t("editor.team.groupNameEn")}</label>
            <input id="tag-group-nameEn" className="input" value={draft.nameEn} maxLength={100} onChange={(e) => setDraft({ ...draft, nameEn: e.target.value })} />
          </div>
        </div>
        <h3 className="editor-subtitle">{t("editor.team.tags")}</h3>
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
        <fieldset className="editor-section editor-add">
          <legend>{t("editor.team.newTag")}</legend>
          <div className="editor-row">
            <input aria-label={t("editor.team.tagNameZh")} placeholder={t("editor.team.tagNameZh")} className="input" value={tag.nameZh} maxLength={100} onChange={(e) => setTag({ ...tag, nameZh: e.target.value })} data-testid="new-tag-zh" />
            <input aria-label={t("editor.team.tagNameEn")} placeholder={t("editor.team.tagNameEn")} className="input" value={tag.nameEn} maxLength={100} onChange={(e) => setTag({ ...tag, nameEn: e.target.value })} data-testid="new-tag-en" />
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
      </div>
    </Dialog>
  );
}
