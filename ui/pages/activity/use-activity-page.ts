// What an activity's page and a market item's page share (spec 2 section 2):
// the activity the address names, reloaded after a sign-up changed it; the
// member's tags (the address's when they came by narrowing, else the
// activity's own); narrowing that opens the one activity left; and what
// pressing the button does before any window opens.
import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { showMessage } from "../../components/message-box";
import { pick, useT } from "../../i18n";
import { openDues } from "../../state/membership";
import { session } from "../../state/session";
import { useLoaded } from "../../lib/use-loaded";
import type { Activity } from "./activity-model";
import { chosenFromSearch, firstMissingGroup } from "./tag-rules";
import { worded } from "./wording";
import { toolsFor } from "./editor/tools";

export function useActivityPage(path: "/activity/info" | "/market/info") {
  const t = useT();
  const search = new URLSearchParams(useSearch());
  const id = Number(search.get("id"));
  const [, navigate] = useLocation();
  const [reload, setReload] = useState(0);
  const [chosen, setChosen] = useState<Record<number, number> | null>(null);
  const activity = useLoaded<Activity>(async () => {
    if (!Number.isInteger(id) || id <= 0) return false;
    const answer = await api.call("/activity/info", { id });
    return isSuccess(answer) && answer.activity ? answer.activity : false;
  }, [id, reload]);

  const tagsOf = (a: Activity) => chosen ?? chosenFromSearch(search, a.groups);
  return {
    activity,
    /** Counts the reloads, for what must be read again with the activity (the points balance). */
    version: reload,
    tagsOf,
    reload: () => setReload((n) => n + 1),
    /** The group picker comes first for a team that asks for it, until the member has chosen. */
    // Staff who hold a tool here read the page and its tools first; the inline tag groups still narrow it (issue 29).
    picksFirst: (a: Activity) => Boolean(a.team?.beforeCheckTag && a.groups.length > 0 && !search.get("tags") && chosen === null && toolsFor(a).length === 0),
    onNarrowed: (a: Activity) => (next: Record<number, number>, only: number | null) => {
      setChosen(next);
      if (only !== null && only !== a.id) navigate(`${path}?id=${only}&tags=${Object.values(next).join(",")}`);
    },
    /** The membership prompt, or the tag a group still needs, or else `open` (the windows). */
    start: (a: Activity, open: () => void) => {
      if (a.check.code === "MEMBER_INTERCEPT_NO_POWER") return openDues("intercept");
      const missing = firstMissingGroup(a.groups, tagsOf(a));
      if (missing) {
        const group = pick(session.language, missing.nameZh, missing.nameEn);
        // The activity's own prompt names the group where it says {group}.
        return showMessage(worded(a, session.language, "chooseTag", t("result.ERROR_SIGN_TAG", { group })).replaceAll("{group}", group));
      }
      open();
    },
  };
}
