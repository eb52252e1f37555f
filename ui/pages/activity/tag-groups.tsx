// A team's tag groups (spec 2 section 4): choosing a tag narrows the other
// groups to what still combines with it, and when one activity is left the
// member is taken to it. The picker window is the same choice made before
// anything else, for a team that asks for it.
import { useState } from "react";
import { useSnapshot } from "valtio";
import { Dialog } from "../../components/dialog";
import { showMessage } from "../../components/message-box";
import { pick, useT } from "../../i18n";
import { session } from "../../state/session";
import type { Activity } from "./activity-page";

type Group = Activity["groups"][number];
type Tag = Group["tags"][number];
/** The chosen tag of each group, by group id. */
export type Chosen = Record<number, number>;

/** From `?tags=1,2` when the member arrived by narrowing; otherwise the tags this activity has. */
export function chosenFromSearch(search: URLSearchParams, groups: readonly Group[]): Chosen {
  const wanted = new Set((search.get("tags") ?? "").split(",").map(Number).filter(Boolean));
  const chosen: Chosen = {};
  for (const g of groups) {
    const tag = wanted.size > 0 ? g.tags.find((x) => wanted.has(x.id)) : g.tags.find((x) => x.isThis);
    if (tag) chosen[g.id] = tag.id;
  }
  return chosen;
}

/** The activities every chosen tag holds. */
function remaining(groups: readonly Group[], chosen: Chosen): number[] | null {
  let ids = null as Set<number> | null;
  for (const g of groups) {
    const tag = g.tags.find((x) => x.id === chosen[g.id]);
    if (!tag) continue;
    const mine = new Set(tag.activities.map((a) => a.id));
    ids = ids === null ? mine : new Set([...ids].filter((id) => mine.has(id)));
  }
  return ids === null ? null : [...ids];
}

/** Choosing `tag` in `group`: choices that no longer combine with it are dropped. */
function narrow(groups: readonly Group[], chosen: Chosen, group: number, tag: number): { chosen: Chosen; only: number | null } {
  let next: Chosen = { ...chosen, [group]: tag };
  if ((remaining(groups, next) ?? []).length === 0) next = { [group]: tag };
  const left = remaining(groups, next) ?? [];
  return { chosen: next, only: left.length === 1 ? left[0]! : null };
}

/** The first group with tags open for sign-up but none chosen (spec 2 section 8: "Please select a tag from {group}"). */
export function firstMissingGroup(groups: readonly Group[], chosen: Chosen): Group | null {
  return groups.find((g) => g.tags.some((x) => x.isHas) && chosen[g.id] === undefined) ?? null;
}

function TagButton({ tag, selected, onPick }: { tag: Tag; selected: boolean; onPick: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  return (
    <button type="button" className={`tag${selected ? " is-selected" : ""}`} aria-pressed={selected} disabled={!tag.isHas} onClick={onPick} data-testid="tag">
      {pick(language, tag.nameZh, tag.nameEn)}
      {!tag.isHas ? <small>{t("activity.tagClosed")}</small> : tag.isFull ? <small>{t("activity.tagFull")}</small> : null}
    </button>
  );
}

function GroupRows({ groups, chosen, onPick }: { groups: readonly Group[]; chosen: Chosen; onPick: (group: number, tag: number) => void }) {
  const { language } = useSnapshot(session);
  return (
    <>
      {groups.map((g) => (
        <div className="tag-group" key={g.id} role="group" aria-labelledby={`tag-group-${g.id}`}>
          <span className="tag-group-name" id={`tag-group-${g.id}`}>
            {pick(language, g.nameZh, g.nameEn)}
          </span>
          <div className="tag-row">
            {g.tags.map((tag) => (
              <TagButton key={tag.id} tag={tag} selected={chosen[g.id] === tag.id} onPick={() => onPick(g.id, tag.id)} />
            ))}
          </div>
        </div>
      ))}
    </>
  );
}

export function TagGroups({ groups, chosen, onChange }: { groups: readonly Group[]; chosen: Chosen; onChange: (chosen: Chosen, only: number | null) => void }) {
  return (
    <div className="tag-groups" data-testid="tag-groups">
      <GroupRows
        groups={groups}
        chosen={chosen}
        onPick={(group, tag) => {
          const next = narrow(groups, chosen, group, tag);
          onChange(next.chosen, next.only);
        }}
      />
    </div>
  );
}

/** The picker a team with beforeCheckTag shows first: a choice in every group, then the activity it leads to. */
export function TagPicker({ groups, onDone }: { groups: readonly Group[]; onDone: (chosen: Chosen, only: number | null) => void }) {
  const t = useT();
  const [chosen, setChosen] = useState<Chosen>({});
  const confirm = () => {
    if (firstMissingGroup(groups, chosen)) return showMessage(t("activity.tagAll"));
    const left = remaining(groups, chosen) ?? [];
    onDone(chosen, left[0] ?? null);
  };
  return (
    <Dialog
      title={t("activity.tags")}
      onClose={() => onDone(chosen, null)}
      width={520}
      footer={
        <button type="button" className="button button-primary" onClick={() => void confirm()} data-testid="tags-confirm">
          {t("activity.tagsConfirm")}
        </button>
      }
    >
      <p className="muted">{t("activity.tagsIntro")}</p>
      <div className="tag-groups" data-testid="tag-picker">
        <GroupRows groups={groups} chosen={chosen} onPick={(group, tag) => setChosen(narrow(groups, chosen, group, tag).chosen)} />
      </div>
    </Dialog>
  );
}
