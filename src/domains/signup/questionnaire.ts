// The questionnaire rules of spec 2 sections 4 and 5, as pure functions:
// who sees which question, the random draw by weight, checking the answers
// (required, pattern, options that exist, are open and follow their parent)
// and scoring them.
import { PROPERTY_TYPE } from "../../protocol/enumerations";

export type QuizOption = { id: number; value: string; cap: number | null; used: number; endDate: Date | null; parentId: number | null };
export type QuizQuestion = {
  id: number;
  type: number;
  isMust: boolean;
  match: string | null;
  isChineseOnly: boolean;
  isForeignerOnly: boolean;
  parentId: number | null;
  /** Shown only when this question is shown and its answer has `showReasonValue`. */
  showReasonQueryId?: number | null;
  showReasonValue?: string | null;
  options: QuizOption[];
};
export type QuizItem = { question: QuizQuestion; score: number; answer: string; weight: number };
export type Answer = { id: number; value: string | string[] };

const CHOICE_TYPES = new Set<number>([PROPERTY_TYPE.PROPERTY_TYPE_SELECT, PROPERTY_TYPE.PROPERTY_TYPE_RADIO, PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX]);
export const isChoice = (type: number) => CHOICE_TYPES.has(type);

/** Chinese-only and foreigner-only questions are hidden from the other nationality type. */
export const visibleTo = (q: Pick<QuizQuestion, "isChineseOnly" | "isForeignerOnly">, foreigner: boolean): boolean =>
  foreigner ? !q.isChineseOnly : !q.isForeignerOnly;

/** Taken, full, or past its end date: what the option window shows and the server refuses. */
export function optionState(o: QuizOption, now: Date): "open" | "full" | "expired" {
  if (o.endDate && o.endDate.getTime() <= now.getTime()) return "expired";
  if (o.cap !== null && o.used >= o.cap) return "full";
  return "open";
}

/**
 * The random subset: `count` questions drawn without replacement, each draw
 * weighted by the question's weight (0-100); weight 0 is never drawn.
 * Questions keep their questionnaire order. `random` is injected for tests.
 */
export function drawQuestions<T extends { weight: number }>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
  const pool = items.map((item, index) => ({ item, index })).filter((x) => x.item.weight > 0);
  const chosen: typeof pool = [];
  while (chosen.length < count && pool.length > 0) {
    const total = pool.reduce((sum, x) => sum + x.item.weight, 0);
    let r = random() * total;
    let pick = pool.length - 1;
    for (let i = 0; i < pool.length; i++) {
      r -= pool[i]!.item.weight;
      if (r < 0) {
        pick = i;
        break;
      }
    }
    chosen.push(...pool.splice(pick, 1));
  }
  return chosen.sort((a, b) => a.index - b.index).map((x) => x.item);
}

const valuesOf = (v: string | string[] | undefined): string[] =>
  v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter((s) => s !== "");

type Shown = Pick<QuizQuestion, "id" | "parentId" | "showReasonQueryId" | "showReasonValue">;

/**
 * The asked questions a member sees, given the answers so far (the browser
 * asks this as the member answers, the server of the answers sent). A
 * question with a show condition is shown only when the question it names is
 * asked, shown, and answered with its value (one of the values, for a
 * checkbox); a question whose parent is asked but hidden is hidden too, as
 * its options follow the parent's choice. A loop (which the editor refuses)
 * hides the questions in it.
 */
export function shownQuestions(questions: readonly Shown[], answers: readonly Answer[]): Set<number> {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map(answers.map((a) => [a.id, valuesOf(a.value)]));
  const decided = new Map<number, boolean>();
  const visit = (id: number, path: Set<number>): boolean => {
    const known = decided.get(id);
    if (known !== undefined) return known;
    const q = byId.get(id)!;
    if (path.has(id)) return false;
    path.add(id);
    let shown = true;
    if (q.showReasonQueryId) {
      const reason = byId.has(q.showReasonQueryId) && visit(q.showReasonQueryId, path);
      shown = reason && (given.get(q.showReasonQueryId) ?? []).includes(q.showReasonValue ?? "");
    }
    if (shown && q.parentId && byId.has(q.parentId)) shown = visit(q.parentId, path);
    path.delete(id);
    decided.set(id, shown);
    return shown;
  };
  return new Set(questions.filter((q) => visit(q.id, new Set())).map((q) => q.id));
}

/** The first question whose answer is not acceptable, or null; `taken` lists the chosen options that have a stock. */
export function checkAnswers(args: { items: readonly QuizItem[]; answers: readonly Answer[]; now: Date }):
  | { ok: true; taken: number[]; values: Answer[] }
  | { ok: false; question: number; reason: "required" | "match" | "option" | "full" | "expired" | "unasked" } {
  const asked = new Map(args.items.map((i) => [i.question.id, i.question]));
  const given = new Map<number, string[]>();
  for (const a of args.answers) {
    if (!asked.has(a.id) || given.has(a.id)) return { ok: false, question: a.id, reason: "unasked" };
    given.set(a.id, valuesOf(a.value));
  }
  const chosenOption = new Map<number, QuizOption>();
  const taken: number[] = [];
  const values: Answer[] = [];
  // A hidden question is not required, and what was sent for it is dropped.
  const shown = shownQuestions(args.items.map((i) => i.question), args.answers);
  for (const { question: q } of args.items) {
    if (!shown.has(q.id)) continue;
    const value = given.get(q.id) ?? [];
    if (value.length === 0) {
      if (q.isMust) return { ok: false, question: q.id, reason: "required" };
      continue;
    }
    if (isChoice(q.type)) {
      if (q.type !== PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX && value.length > 1) return { ok: false, question: q.id, reason: "option" };
      if (new Set(value).size !== value.length) return { ok: false, question: q.id, reason: "option" };
      const parentChoice = q.parentId === null ? null : chosenOption.get(q.parentId);
      for (const v of value) {
        const option = q.options.find((o) => o.value === v);
        // A child question's options follow the option chosen for its parent.
        if (!option || (q.parentId !== null && option.parentId !== null && option.parentId !== parentChoice?.id)) return { ok: false, question: q.id, reason: "option" };
        const state = optionState(option, args.now);
        if (state !== "open") return { ok: false, question: q.id, reason: state };
        if (option.cap !== null) taken.push(option.id);
        chosenOption.set(q.id, option);
      }
      values.push({ id: q.id, value: q.type === PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX ? value : value[0]! });
    } else {
      if (value.length > 1) return { ok: false, question: q.id, reason: "match" };
      if (q.match) {
        let pattern: RegExp | null = null;
        try {
          pattern = new RegExp(q.match);
        } catch {
          pattern = null; // A broken pattern set by an editor does not lock every member out.
        }
        if (pattern && !pattern.test(value[0]!)) return { ok: false, question: q.id, reason: "match" };
      }
      values.push({ id: q.id, value: value[0]! });
    }
  }
  return { ok: true, taken: taken.sort((a, b) => a - b), values };
}

/** Choice and text answers need an exact match; a checkbox needs every right value and no other. */
export function scoreAnswers(items: readonly QuizItem[], answers: readonly Answer[]): number {
  const given = new Map(answers.map((a) => [a.id, valuesOf(a.value)]));
  let score = 0;
  for (const item of items) {
    const right = item.answer.split(",").map((s) => s.trim()).filter((s) => s !== "");
    if (right.length === 0) continue;
    const mine = given.get(item.question.id) ?? [];
    const correct =
      item.question.type === PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX
        ? mine.length === right.length && right.every((r) => mine.includes(r))
        : mine.length === 1 && mine[0] === right[0];
    if (correct) score += item.score;
  }
  return score;
}
