// The tag groups' rules (spec 2 section 4), apart from React: which
// activities the chosen tags leave, what a new choice keeps, and which group
// still needs a choice.
import type { Activity } from "./activity-model";

type Group = Activity["groups"][number];
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
export function remaining(groups: readonly Group[], chosen: Chosen): number[] | null {
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
export function narrow(groups: readonly Group[], chosen: Chosen, group: number, tag: number): { chosen: Chosen; only: number | null } {
  let next: Chosen = { ...chosen, [group]: tag };
  if ((remaining(groups, next) ?? []).length === 0) next = { [group]: tag };
  const left = remaining(groups, next) ?? [];
  return { chosen: next, only: left.length === 1 ? left[0]! : null };
}

/** The first group with tags open for sign-up but none chosen (spec 2 section 8: "Please select a tag from {group}"). */
export function firstMissingGroup(groups: readonly Group[], chosen: Chosen): Group | null {
  return groups.find((g) => g.tags.some((x) => x.isHas) && chosen[g.id] === undefined) ?? null;
}

