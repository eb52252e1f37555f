// The state of one sign-up (spec 2 section 4): the steps this activity asks
// for and where the member is, what they chose so far (the draft), their
// family, and the submit with what its answer still shows. The steps
// (./*-step.tsx) read and change it; ./index.tsx shows the window of the
// moment.
import { useState } from "react";
import type { AnswerOf } from "../../../../src/domains/api";
import { chargeOf } from "../../../../src/domains/signup/charge";
import { isSuccess } from "../../../../src/protocol/result";
import { api } from "../../../api";
import { showMessage } from "../../../components/message-box";
import { downloadCalendar } from "../../../components/add-to-calendar";
import { resultText, useT } from "../../../i18n";
import { formatChinaDateTime } from "../../../lib/china-time";
import { useLoaded } from "../../../lib/use-loaded";
import { session } from "../../../state/session";
import type { FamilyMember } from "../../centre/family-dialog";
import type { FormValues, SentValue } from "../../../components/property-form/model";
import type { Activity } from "../activity-model";
import type { Answers, Drawn } from "../quiz-step";
import { type Outcome, outcomesOf, stepsOf } from "../sign-steps";
import { worded } from "../wording";

export type Clan = { id: number; gift: number | null };
export type Draft = { details: FormValues | null; properties: SentValue[]; quiz: { drawn: Drawn; answers: Answers } | null; clans: Clan[]; address: number | null; integral: 0 | 1 };
export type Signed = AnswerOf<"/order/sign">;
export type Rule = Activity["relationships"][number];
/** The windows still to show after the sign-up was written, the first on screen (sign-steps.ts `outcomesOf`). */
export type Result = { queue: Outcome[]; signed: Signed };

/** A relationship rule as the sign-up domain's family rules read it (src/domains/signup/family.ts). */
export const asRule = (r: Rule) => ({
  id: r.id,
  relationId: r.relationship.id === -1 ? null : r.relationship.id,
  gender: r.gender,
  birthFrom: r.ageFamilyMin,
  birthTo: r.ageFamilyMax,
  allowMin: r.allowMin,
  allowMax: r.allowMax,
  calCount: r.calCount,
  giftIds: r.gifts.map((g) => g.id),
});

export const asKin = (f: FamilyMember) => ({ id: f.id, relationId: f.relation.id, sex: f.sex, birthday: f.birthday, identity: f.identity });

/** What the member pays in money and points, by the sign-up domain's own rule (the server charges the same). */
export const chargeOfDraft = (activity: Activity, draft: Draft) => chargeOf(activity, draft.integral === 1) ?? chargeOf(activity, false)!;

/** An activity that says when it takes place has a calendar entry once signed up. */
export const timed = (activity: Activity) => !!(activity.eventStart && activity.eventEnd);

/** The success told, with "Add to calendar" beside OK when the activity says when it takes place. */
export const tellDone = (t: ReturnType<typeof useT>, activity: Activity, text: string, trade: string) =>
  showMessage(text, timed(activity) ? { label: t("calendar.signedAdd"), run: () => void downloadCalendar(t, trade), testId: "add-to-calendar" } : undefined);

/**
 * What follows a written sign-up: the windows its answer still shows (the
 * payment, the ticket, the review), or, when there are none, the success told
 * (null then). For the windows' own submit and for a sign-up written
 * elsewhere (a lottery winner's confirmation).
 */
export async function followUp(t: ReturnType<typeof useT>, activity: Activity, signed: Signed, hasQuiz: boolean): Promise<Result | null> {
  const queue = outcomesOf(signed, activity.hasTicket, hasQuiz);
  if (queue[0] !== "done") return { queue, signed };
  await tellDone(t, activity, worded(activity, session.language, "success", t("activity.done.success")), signed.trade);
  return null;
}

export type SignFlowProps = {
  activity: Activity;
  onClose: (changed: boolean) => void;
  /** A market item: added to the trolley instead of signed up; called with the trolley's count. */
  toCart?: (count: number) => void;
  /** The waiting-list offer whose held place this sign-up takes (the server checks it is the member's and still holds). */
  offer?: number | null;
  /** "apply": the same windows send a lottery application (/lottery/apply) instead of signing up (issue 32). */
  mode?: "sign" | "apply";
  /** A sign-up already written (a lottery winner's confirmation): the windows its answer still shows, from the first. */
  written?: Result | null;
};

export function useSignFlow({ activity, onClose, toCart, offer = null, mode = "sign", written = null }: SignFlowProps) {
  const t = useT();
  const steps = stepsOf(activity, toCart ? "cart" : "sign");
  const [at, setAt] = useState(0);
  const [draft, setDraft] = useState<Draft>({ details: null, properties: [], quiz: null, clans: [], address: null, integral: 0 });
  const [result, setResult] = useState<Result | null>(written);
  const [busy, setBusy] = useState(false);
  // The profile field the details step last refused, marked in its form.
  const [detailsError, setDetailsError] = useState<{ property: number; text: string } | null>(null);
  // The member's family, read once when the activity has family rules.
  const family = useLoaded(async () => activity.relationships.length > 0 && api.call("/user/family/list").then((a) => (isSuccess(a) && a.list ? [...a.list] : [])), []) || null;

  const quests = draft.quiz ? Object.entries(draft.quiz.answers).flatMap(([id, value]) => ((Array.isArray(value) ? value.length : value) ? [{ id: Number(id), value }] : [])) : [];
  /** A refusal told; a quiz below the pass line is answered again from a fresh draw, other refusals reload the page's figures. */
  const refused = async (message: Parameters<typeof resultText>[1]) => {
    await showMessage(resultText(t, message));
    if (message?.code === "ERROR_SIGN_SCORE" && draft.quiz) {
      setDraft({ ...draft, quiz: null });
      return setAt(steps.indexOf("quiz"));
    }
    onClose(true);
  };
  const submit = async () => {
    if (busy) return;
    setBusy(true);
    if (toCart) {
      const added = await api.call("/market/cart/add", { activity: activity.id, quests, clans: draft.clans, count: 1, draw: draft.quiz?.drawn.draw ?? null }).finally(() => setBusy(false));
      return isSuccess(added) ? toCart(added.count) : refused(added.message);
    }
    const sent = {
      activity: activity.id,
      properties: draft.properties,
      quests,
      clans: draft.clans,
      address: draft.address,
      integral: draft.integral,
      draw: draft.quiz?.drawn.draw ?? null,
    };
    if (mode === "apply") {
      // An application takes no place and writes no order: its number, the draw's time, and the page shows it.
      const applied = await api.call("/lottery/apply", sent).finally(() => setBusy(false));
      if (!isSuccess(applied)) return refused(applied.message);
      await showMessage(t("lottery.applied", { id: applied.id, time: activity.lottery ? formatChinaDateTime(activity.lottery.drawAt) : "" }));
      return onClose(true);
    }
    const answer = await api.call("/order/sign", { ...sent, ...(offer === null ? {} : { offer }) }).finally(() => setBusy(false));
    if (!isSuccess(answer)) return refused(answer.message);
    const next = await followUp(t, activity, answer as Signed, draft.quiz !== null);
    if (next) return setResult(next);
    onClose(true);
  };

  return {
    activity,
    toCart: !!toCart,
    applying: mode === "apply",
    steps,
    at,
    step: steps[at]!,
    draft,
    setDraft,
    family,
    detailsError,
    setDetailsError,
    result,
    busy,
    /** Back a step; on the first step, back closes the window. */
    back: () => (at === 0 ? onClose(false) : setAt(at - 1)),
    backLabel: t(at === 0 ? "common.close" : "activity.back"),
    next: () => setAt(at + 1),
    submit,
    /** The next window after this one, or the end of the sign-up. */
    afterThis: (r: Result, last: () => void) => (r.queue.length > 1 ? setResult({ ...r, queue: r.queue.slice(1) }) : last()),
  };
}

export type SignFlowState = ReturnType<typeof useSignFlow>;
