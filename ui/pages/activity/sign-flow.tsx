// The sign-up windows in the spec's order (spec 2 section 4): questionnaire,
// family members, address, points deduction, confirmation, submit; then the
// payment window, the ticket, the answer review or the success message. The
// member can go back a step; the server checks everything again on submit.
// A market item ("toCart") ends with add to trolley instead: questionnaire
// and family, then /market/cart/add; its caller offers the trolley.
import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { useSnapshot } from "valtio";
import type { AnswerOf } from "../../../src/domains/api";
import { placeFamily, ruleFor } from "../../../src/domains/signup/family";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { Dialog } from "../../components/dialog";
import { PropertyForm, propertyMessage } from "../../components/property-form";
import { type Country, type FormValues, type Property, type SentValue, type StoredValue, checkForm, initialValues } from "../../components/property-form/model";
import { showMessage } from "../../components/message-box";
import { AddToCalendar, downloadCalendar } from "../../components/add-to-calendar";
import { OrderPayWindow } from "../../components/order-pay-window";
import { TicketQr } from "../../components/ticket-qr";
import { pick, resultText, useT } from "../../i18n";
import "../../i18n/sign-up-texts";
import { formatMoney, formatPoints } from "../../lib/format";
import { session } from "../../state/session";
import { AddressChoices } from "../centre/address-choices";
import type { FamilyMember } from "../centre/family-dialog";
import type { Activity } from "./activity-model";
import { type Answers, type Drawn, QuizStep } from "./quiz-step";
import { type Outcome, type Step, outcomesOf, stepsOf } from "./sign-steps";
import { worded } from "./wording";

type Clan = { id: number; gift: number | null };
type Draft = { details: FormValues | null; properties: SentValue[]; quiz: { drawn: Drawn; answers: Answers } | null; clans: Clan[]; address: number | null; integral: 0 | 1 };
type Signed = AnswerOf<"/order/sign">;
type Rule = Activity["relationships"][number];

const asRule = (r: Rule) => ({
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

const asKin = (f: FamilyMember) => ({ id: f.id, relationId: f.relation.id, sex: f.sex, birthday: f.birthday, identity: f.identity });

function StepTrail({ steps, at }: { steps: Step[]; at: number }) {
  const t = useT();
  if (steps.length < 2) return null;
  return (
    <ol className="step-trail" aria-label={t("activity.signUp")}>
      {steps.map((s, i) => (
        <li key={s} className={i === at ? "is-current" : i < at ? "is-done" : undefined} aria-current={i === at ? "step" : undefined}>
          {t(`activity.steps.${s}`)}
        </li>
      ))}
    </ol>
  );
}

function StepWindow({
  title,
  trail,
  children,
  onBack,
  backLabel,
  onNext,
  nextLabel,
  nextDisabled,
  testId,
}: {
  title: string;
  trail: ReactNode;
  children: ReactNode;
  onBack: () => void;
  /** "Back" to the step before; "Close" on the first step, where going back closes the window. */
  backLabel: string;
  onNext: () => void;
  nextLabel?: string;
  nextDisabled?: boolean;
  testId: string;
}) {
  const t = useT();
  return (
    <Dialog
      title={title}
      onClose={onBack}
      width={600}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={onBack} data-testid="step-back">
            {backLabel}
          </button>
          <button type="button" className="button button-primary" disabled={nextDisabled} onClick={onNext} data-testid="step-next">
            {nextLabel ?? t("activity.next")}
          </button>
        </>
      }
    >
      {trail}
      <div className="sign-step" data-testid={testId}>
        {children}
      </div>
    </Dialog>
  );
}

/** The activity's profile fields as the form shows them: its own must and read-only settings, the member's values. */
function detailsOf(activity: Activity) {
  const properties: Property[] = activity.properties.map((r) => ({ ...r.property, isMust: r.isMust, isReadonly: r.isReadonly, isShow: true }));
  const stored: StoredValue[] = activity.properties.flatMap((r) => (r.value === null ? [] : [{ property: { id: r.property.id }, option: r.option, value: r.value }]));
  return { properties, stored };
}

function DetailsStep({ activity, values, onChange, error }: { activity: Activity; values: FormValues; onChange: (values: FormValues) => void; error: { property: number; text: string } | null }) {
  const { properties, stored } = detailsOf(activity);
  return (
    <PropertyForm
      idPrefix="sign"
      properties={properties}
      values={values}
      onChange={onChange}
      stored={stored}
      countries={[]}
      nationality={null}
      onNationality={() => {}}
      withNationality={false}
      error={error}
    />
  );
}

function FamilyStep({ activity, family, clans, onChange }: { activity: Activity; family: FamilyMember[] | null; clans: Clan[]; onChange: (clans: Clan[]) => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const rules = activity.relationships.map(asRule);
  const ruleName = (r: Rule) => pick(language, r.relationship.nameZh, r.relationship.nameEn);
  // Pre-filtered as the spec asks: only members some rule could take (a missing birth date is said when chosen).
  const candidates = (family ?? []).filter((f) => ruleFor(rules, asKin(f)) !== null);

  const toggle = async (f: FamilyMember, on: boolean) => {
    if (!on) return onChange(clans.filter((c) => c.id !== f.id));
    const rule = ruleFor(rules, asKin(f));
    if (rule === "birthday") return showMessage(t("activity.family.noBirthday"));
    if (!rule) return showMessage(t("activity.family.noRule", { relations: activity.relationships.map(ruleName).join(" / ") }));
    const chosen = (family ?? []).filter((x) => clans.some((c) => c.id === x.id));
    if (chosen.some((x) => x.identity.toUpperCase() === f.identity.toUpperCase())) return showMessage(t("activity.family.already"));
    const sameRule = chosen.filter((x) => ruleFor(rules, asKin(x)) === rule).length;
    const view = activity.relationships.find((r) => r.id === rule.id)!;
    if (sameRule >= rule.allowMax) return showMessage(t("activity.family.tooMany", { relation: ruleName(view), max: rule.allowMax }));
    const checked = await api.call("/order/family/check", { activity: activity.id, identity: f.identity });
    if (isSuccess(checked) && checked.checked) return showMessage(t("activity.family.already"));
    onChange([...clans, { id: f.id, gift: null }]);
  };

  if (family === null) return <div className="step-loading" aria-busy="true" />;
  return (
    <>
      {activity.familyNotice ? <p className="step-notice">{t("activity.family.notice")}</p> : null}
      <p className="muted">
        {t("activity.family.rules", {
          rules: activity.relationships.map((r) => t("activity.family.rule", { relation: ruleName(r), min: r.allowMin, max: r.allowMax })).join(language === "en" ? "; " : "；"),
        })}
      </p>
      {candidates.length === 0 ? <p className="empty-note">{t("activity.family.none")}</p> : null}
      <ul className="sign-choices">
        {candidates.map((f) => {
          const clan = clans.find((c) => c.id === f.id);
          const rule = ruleFor(rules, asKin(f));
          const view = rule && rule !== "birthday" ? activity.relationships.find((r) => r.id === rule.id) : undefined;
          return (
            <li key={f.id} className={clan ? "is-chosen" : undefined}>
              <label className="sign-choice" data-testid="family-choice">
                <input type="checkbox" checked={!!clan} onChange={(e) => void toggle(f, e.target.checked)} />
                <span className="sign-choice-main">
                  <strong>{f.name}</strong>
                  <span className="muted">
                    {pick(language, f.relation.nameZh, f.relation.nameEn)}
                    {f.birthday ? ` · ${f.birthday}` : ""}
                    {view ? ` · ${view.calCount ? t("activity.family.counted") : t("activity.family.notCounted")}` : ""}
                  </span>
                </span>
              </label>
              {clan && view && view.gifts.length > 0 ? (
                <fieldset className="gift-choice">
                  <legend>{t("activity.family.chooseGift", { name: f.name })}</legend>
                  {view.gifts.map((g) => (
                    <label key={g.id} className={`option${g.remaining === 0 ? " is-disabled" : ""}`}>
                      <input
                        type="radio"
                        name={`gift-${f.id}`}
                        disabled={g.remaining === 0}
                        checked={clan.gift === g.id}
                        onChange={() => onChange(clans.map((c) => (c.id === f.id ? { ...c, gift: g.id } : c)))}
                      />
                      <span>{pick(language, g.nameZh, g.nameEn)}</span>
                      <small className="option-note">{g.remaining === 0 ? t("activity.family.noStock") : g.remaining !== null ? t("activity.quiz.available", { left: g.remaining }) : ""}</small>
                    </label>
                  ))}
                </fieldset>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** Whether the chosen family members make a complete choice; the member is told what is missing. */
async function familyReady(activity: Activity, family: FamilyMember[], clans: Clan[], say: (key: string, params?: Record<string, string | number>) => string, language: "zh" | "en") {
  const rules = activity.relationships.map(asRule);
  const placed = placeFamily(rules, family.map(asKin), clans);
  if (placed.ok) return true;
  const view = (id: number) => activity.relationships.find((r) => r.id === id)!;
  const name = (r: Rule) => pick(language, r.relationship.nameZh, r.relationship.nameEn);
  if (placed.reason === "min") await showMessage(say("activity.family.tooFew", { relation: name(view(placed.rule)), min: placed.allowMin }));
  else if (placed.reason === "gift") await showMessage(say("activity.family.chooseGift", { name: family.find((f) => f.id === placed.family)?.name ?? "" }));
  else await showMessage(say("result.ERROR_SIGN_FAMILY"));
  return false;
}

/** An activity that says when it takes place has a calendar entry once signed up. */
const timed = (activity: Activity) => !!(activity.eventStart && activity.eventEnd);

/** The success told, with "Add to calendar" beside OK when the activity says when it takes place. */
const tellDone = (t: ReturnType<typeof useT>, activity: Activity, text: string, trade: string) =>
  showMessage(text, timed(activity) ? { label: t("calendar.signedAdd"), run: () => void downloadCalendar(t, trade), testId: "add-to-calendar" } : undefined);

function TicketWindow({ activity, trade, onClose }: { activity: Activity; trade: string; onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [, navigate] = useLocation();
  return (
    <Dialog
      title={t("activity.done.ticketTitle")}
      onClose={onClose}
      width={420}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={() => navigate("/information?page=order")}>
            {t("activity.done.orders")}
          </button>
          <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
            {t("common.ok")}
          </button>
        </>
      }
    >
      <div className="ticket" data-testid="ticket">
        <p className="ticket-success">{worded(activity, language, "success", t("activity.done.success"))}</p>
        <TicketQr trade={trade} alt={t("activity.done.ticketTitle")} size={240} />
        <p className="muted">{worded(activity, language, "qrCode", t("activity.done.ticketHint"))}</p>
        {timed(activity) ? <AddToCalendar trade={trade} /> : null}
      </div>
    </Dialog>
  );
}

function ReviewWindow({ activity, signed, quiz, passLine, onClose }: { activity: Activity; signed: Signed; quiz: { drawn: Drawn; answers: Answers }; passLine: number; onClose: () => void }) {
  const t = useT();
  /** The most a member could score on this draw. */
  const full = quiz.drawn.queries.reduce((sum, q) => sum + q.score, 0);
  const { language } = useSnapshot(session);
  const textOf = (queryId: number, values: string | string[] | undefined) => {
    const q = quiz.drawn.queries.find((x) => x.query.id === queryId)?.query;
    const list = Array.isArray(values) ? values : values ? values.split(",") : [];
    return list
      .map((v) => {
        const option = q?.options.find((o) => o.value === v);
        return pick(language, option?.textZh, option?.textEn) || v;
      })
      .join(language === "en" ? ", " : "、");
  };
  return (
    <Dialog
      title={t("activity.done.reviewTitle")}
      onClose={onClose}
      width={600}
      footer={
        <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
          {t("common.ok")}
        </button>
      }
    >
      <div className="review" data-testid="review">
        <p className="ticket-success">{worded(activity, language, "success", t("activity.done.success"))}</p>
        {signed.score !== null ? (
          <p className="review-score" data-testid="review-score">
            {t(passLine > 0 ? "activity.done.reviewScorePass" : "activity.done.reviewScore", { score: signed.score, full, pass: passLine })}
          </p>
        ) : null}
        <ol className="review-list">
          {(signed.review ?? []).map((r) => {
            const q = quiz.drawn.queries.find((x) => x.query.id === r.id);
            return (
              <li key={r.id}>
                <strong>{q ? pick(language, q.query.titleZh, q.query.titleEn) : ""}</strong>
                <span>{t("activity.done.yours", { answer: textOf(r.id, quiz.answers[r.id]) || "—" })}</span>
                <span className="review-right">{t("activity.done.right", { answer: textOf(r.id, r.answer) || "—" })}</span>
              </li>
            );
          })}
        </ol>
      </div>
    </Dialog>
  );
}

/** The windows still to show after the sign-up was written, the first on screen (sign-steps.ts `outcomesOf`). */
type Result = { queue: Outcome[]; signed: Signed };

/** `offer`: the waiting-list offer whose held place this sign-up takes (the server checks it is the member's and still holds). */
export function SignFlow({ activity, onClose, toCart, offer = null }: { activity: Activity; onClose: (changed: boolean) => void; toCart?: (count: number) => void; offer?: number | null }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const steps = stepsOf(activity, toCart ? "cart" : "sign");
  const [at, setAt] = useState(0);
  const [draft, setDraft] = useState<Draft>({ details: null, properties: [], quiz: null, clans: [], address: null, integral: 0 });
  const [detailsError, setDetailsError] = useState<{ property: number; text: string } | null>(null);
  const [family, setFamily] = useState<FamilyMember[] | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const step = steps[at]!;
  const trail = <StepTrail steps={steps} at={at} />;
  const back = () => (at === 0 ? onClose(false) : setAt(at - 1));
  const backLabel = t(at === 0 ? "common.close" : "activity.back");
  const next = () => setAt(at + 1);

  useEffect(() => {
    if (activity.relationships.length > 0) void api.call("/user/family/list").then((a) => setFamily(isSuccess(a) && a.list ? [...a.list] : []));
  }, []);

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
    const answer = await api
      .call("/order/sign", {
        activity: activity.id,
        properties: draft.properties,
        quests,
        clans: draft.clans,
        address: draft.address,
        integral: draft.integral,
        draw: draft.quiz?.drawn.draw ?? null,
        ...(offer === null ? {} : { offer }),
      })
      .finally(() => setBusy(false));
    if (!isSuccess(answer)) return refused(answer.message);
    const signed = answer as Signed;
    const queue = outcomesOf(signed, activity.hasTicket, draft.quiz !== null);
    if (queue[0] !== "done") return setResult({ queue, signed });
    await tellDone(t, activity, worded(activity, session.language, "success", t("activity.done.success")), signed.trade);
    onClose(true);
  };
  /** The next window after this one, or the end of the sign-up. */
  const afterThis = (r: Result, last: () => void) => (r.queue.length > 1 ? setResult({ ...r, queue: r.queue.slice(1) }) : last());
  const shown = result?.queue[0];

  if (result && shown === "pay")
    return (
      <OrderPayWindow
        trade={result.signed.trade}
        pay={result.signed.pay!}
        amount={result.signed.amount}
        purpose="sign-up"
        expires={result.signed.expires!}
        onPaid={() => afterThis(result, () => void tellDone(t, activity, t("activity.pay.paid"), result.signed.trade).then(() => onClose(true)))}
        onExpired={() => void showMessage(t("activity.pay.expired")).then(() => onClose(true))}
        onClose={() => onClose(true)}
      />
    );
  if (result && shown === "ticket") return <TicketWindow activity={activity} trade={result.signed.trade} onClose={() => afterThis(result, () => onClose(true))} />;
  if (result && shown === "review")
    return <ReviewWindow activity={activity} signed={result.signed} quiz={draft.quiz!} passLine={activity.queryStock?.passLine ?? 0} onClose={() => afterThis(result, () => onClose(true))} />;

  if (step === "details") {
    const { properties, stored } = detailsOf(activity);
    const values = draft.details ?? initialValues(stored);
    const nationality = session.user?.nationality;
    // The member's nationality decides which fields are theirs; the server knows it and checks again.
    const country: Country | null = nationality ? { id: nationality.id, nameZh: nationality.nameZh, nameEn: nationality.nameEn, type: { id: Number(nationality.type) } } : null;
    const go = async () => {
      const checked = checkForm({ properties, values, stored, nationality: country });
      if (!checked.ok) {
        const failed = properties.find((p) => p.id === checked.property);
        const text = failed ? propertyMessage(failed, language) || t("activity.quiz.required") : t("result.ERROR_SIGN_PARAMS");
        setDetailsError(failed ? { property: failed.id, text } : null);
        return showMessage(text);
      }
      setDetailsError(null);
      setDraft({ ...draft, details: values, properties: checked.values });
      next();
    };
    return (
      <StepWindow title={t("activity.quiz.properties")} trail={trail} testId="details-step" onBack={back} backLabel={backLabel} onNext={() => void go()}>
        <DetailsStep activity={activity} values={values} onChange={(details) => setDraft({ ...draft, details })} error={detailsError} />
      </StepWindow>
    );
  }
  if (step === "quiz")
    return (
      <QuizStep
        key={draft.quiz ? "again" : "fresh"}
        activity={activity}
        steps={trail}
        initial={draft.quiz}
        onCancel={back}
        onDone={(drawn, answers) => {
          setDraft({ ...draft, quiz: { drawn, answers } });
          next();
        }}
      />
    );
  if (step === "family")
    return (
      <StepWindow
        title={t("activity.family.title")}
        trail={trail}
        testId="family-step"
        onBack={back} backLabel={backLabel}
        onNext={() => void familyReady(activity, family ?? [], draft.clans, t, language).then((ok) => ok && next())}
      >
        <FamilyStep activity={activity} family={family} clans={draft.clans} onChange={(clans) => setDraft({ ...draft, clans })} />
      </StepWindow>
    );
  if (step === "address")
    return (
      <StepWindow title={t("activity.address.title")} trail={trail} testId="address-step" onBack={back} backLabel={backLabel} onNext={() => (draft.address === null ? void showMessage(t("address.select")) : next())}>
        <AddressChoices legend={t("address.select")} chosen={draft.address} preselect onChoose={(address) => setDraft((d) => ({ ...d, address: address.id }))} />
      </StepWindow>
    );
  if (step === "deduction") {
    const enough = activity.points >= activity.integral;
    return (
      <StepWindow title={t("activity.deduction.title")} trail={trail} testId="deduction-step" onBack={back} backLabel={backLabel} onNext={next}>
        <p className="muted">{t("activity.deduction.balance", { points: formatPoints(activity.points) })}</p>
        <div className="sign-choices" role="radiogroup" aria-label={t("activity.deduction.title")}>
          <label className="sign-choice">
            <input type="radio" name="deduction" checked={draft.integral === 0} onChange={() => setDraft({ ...draft, integral: 0 })} />
            <span className="sign-choice-main">{t("activity.deduction.notUse")}</span>
          </label>
          <label className={`sign-choice${enough ? "" : " is-disabled"}`}>
            <input type="radio" name="deduction" disabled={!enough} checked={draft.integral === 1} onChange={() => setDraft({ ...draft, integral: 1 })} data-testid="use-deduction" />
            <span className="sign-choice-main">
              {t("activity.deduction.use", { points: formatPoints(activity.integral), money: formatMoney(activity.deduction) })}
              {enough ? null : <span className="muted">{t("result.ERROR_SIGN_DEDUCTION")}</span>}
            </span>
          </label>
        </div>
      </StepWindow>
    );
  }

  const payable = Math.max(0, activity.price - (draft.integral ? activity.deduction : 0));
  const points = activity.mustIntegral || draft.integral ? activity.integral : 0;
  const chosenFamily = (family ?? []).filter((f) => draft.clans.some((c) => c.id === f.id));
  const giftName = (clan: Clan) => {
    const gift = activity.relationships.flatMap((r) => r.gifts).find((g) => g.id === clan.gift);
    return gift ? pick(language, gift.nameZh, gift.nameEn) : "";
  };
  return (
    <StepWindow
      title={t(toCart ? "market.confirmTitle" : "activity.confirm.title")}
      trail={trail}
      testId="confirm-step"
      onBack={back} backLabel={backLabel}
      onNext={() => void submit()}
      nextLabel={t(toCart ? "market.addToCart" : "activity.submit")}
      nextDisabled={busy}
    >
      <dl className="confirm-list">
        <div>
          <dt>{t(toCart ? "market.confirmItem" : "activity.confirm.activity")}</dt>
          <dd>{pick(language, activity.nameZh, activity.nameEn)}</dd>
        </div>
        <div>
          <dt>{t("activity.confirm.payable")}</dt>
          <dd data-testid="payable">{payable > 0 ? `¥${formatMoney(payable)}` : t("activity.free")}</dd>
        </div>
        {points > 0 ? (
          <div>
            <dt>{t("activity.confirm.pointsCharged")}</dt>
            <dd>{formatPoints(points)}</dd>
          </div>
        ) : null}
        {chosenFamily.length > 0 ? (
          <div>
            <dt>{t("activity.confirm.members")}</dt>
            <dd>
              {chosenFamily
                .map((f) => {
                  const gift = giftName(draft.clans.find((c) => c.id === f.id)!);
                  return gift ? t("activity.confirm.memberGift", { name: f.name, gift }) : f.name;
                })
                .join(language === "en" ? ", " : "、")}
            </dd>
          </div>
        ) : null}
        {draft.quiz ? (
          <div>
            <dt>{t("activity.steps.quiz")}</dt>
            <dd>{t("activity.confirm.answers", { count: draft.quiz.drawn.queries.length })}</dd>
          </div>
        ) : null}
      </dl>
    </StepWindow>
  );
}
