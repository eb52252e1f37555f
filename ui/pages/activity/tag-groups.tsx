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
import type { Activity } from "./activity-model";
import { type Chosen, firstMissingGroup, narrow, remaining } from "./tag-rules";


type Group = Activity["groups"][number];
type Tag = Group["tags"][number];

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
