// A member's detail (spec 3 sections 2.4 and 4.2, FUNCTION_USER_OPERATION_INFO):
// visible values, nationality, home address and its contact, state, role and
// creation time, phones and private values masked, each with its audited
// Show (ui/components/masked-value.tsx, issue 31 item 4); the fee records, operation, update and visit
// logs (FUNCTION_USER_OPERATION_FIND, member-logs.tsx); the points records with the balance
// (FUNCTION_INTEGRAL_OPERATION), the family (FUNCTION_USER_FIND_FAMILY),
// update (FUNCTION_USER_OPERATION_PROPERTY), reset activation, leave and
// reset two-step verification (FUNCTION_USER_OPERATION_STATE, issue 31 item 1),
// each only when permitted.
import { formatChinaDateTime } from "../../lib/china-time";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { COUNTRY_TYPE, PROPERTY_PURPOSE, USER_STATE } from "../../../src/protocol/enumerations";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { Dialog } from "../../components/dialog";
import { MaskedValue } from "../../components/masked-value";
import { FormDialog, ReasonField, refusedField, useFormDialog } from "../../components/form-dialog";
import { confirm, showMessage } from "../../components/message-box";
import { regionText } from "../../components/region-picker";
import { joinList, pick, resultText, useT } from "../../i18n";
import { hasPower, session } from "../../state/session";
import { holdsRole, type MemberInfo, type Role } from "./member-model";
import { useTypeName } from "../centre/order-detail-window";
import { FamilyDialog, PointsDialog } from "./member-records";
import { type MemberLogKind, MemberLogDialog } from "./member-logs";
import { MemberForm } from "./member-form";

// The log windows open for whoever may search the logs and dues orders (spec 3 section 6, FUNCTION_USER_OPERATION_FIND).
const LOG_KINDS: readonly MemberLogKind[] = ["fees", "operations", "updates", "visits"];

type PropertyRow = { id: number; titleZh: string; titleEn: string; purpose: { id: number }; isShow: boolean; isChineseOnly: boolean; isForeignerOnly: boolean; isPrivate: boolean; index: number; options: { id: number; textZh: string; textEn: string; value: string }[] };

function useShownProperties(): PropertyRow[] {
  const [list, setList] = useState<PropertyRow[]>([]);
  useEffect(() => {
    void api.call("/user/properties").then((answer) => isSuccess(answer) && answer.list && setList([...(answer.list as PropertyRow[])].sort((a, b) => a.index - b.index || a.id - b.id)));
  }, []);
  return list;
}

export function MemberDetail({ id, roles, onClose, onChanged }: { id: number; roles: Role[]; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const typeName = useTypeName();
  const properties = useShownProperties();
  const [user, setUser] = useState<MemberInfo | null>(null);
  const [open, setOpen] = useState<"points" | "family" | "edit" | "reset" | "factor" | MemberLogKind | null>(null);

  const load = async () => {
    const answer = await api.call("/user/operation/info", { id });
    if (isSuccess(answer) && answer.user) setUser(answer.user);
    else {
      await showMessage(resultText(t, answer.message));
      onClose();
    }
  };
  useEffect(() => void load(), [id]);
  const changed = () => {
    onChanged();
    void load();
  };

  const leave = async () => {
    if (!(await confirm(t("members.leaveConfirm")))) return;
    const answer = await api.call("/user/operation/leave", { id });
    await showMessage(isSuccess(answer) ? t("members.leaveDone") : resultText(t, answer.message));
    changed();
  };

  const valueText = (p: PropertyRow) => {
    const v = user?.values.find((x) => x.property.id === p.id);
    if (!v) return "";
    const raw = Array.isArray(v.value) ? v.value.map(String) : [String(v.value ?? "")];
    const text = raw.map((x) => {
      const option = p.options.find((o) => o.value === x || o.id === v.option?.id);
      return option ? pick(language, option.textZh, option.textEn) : x;
    });
    return joinList(language, text);
  };

  // Issue 31 item 4: the phone and a private value come masked; Show reads the whole one (the phone property's value is the account's phone), audited.
  const maskedValue = (p: PropertyRow) => {
    const v = user?.values.find((x) => x.property.id === p.id);
    const phone = p.purpose.id === PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE;
    if (!user || typeof v?.value !== "string" || !v.value || !(phone || p.isPrivate) || !hasPower("FUNCTION_USER_OPERATION_INFO")) return null;
    const name = pick(language, p.titleZh, p.titleEn);
    return (
      <MaskedValue
        key={v.value}
        masked={v.value}
        target={phone ? { user: user.id, field: "phone" } : { user: user.id, field: "property", id: p.id }}
        label={phone ? { show: t("members.reveal.phone.show"), hide: t("members.reveal.phone.hide") } : { show: t("members.reveal.property.show", { name }), hide: t("members.reveal.property.hide", { name }) }}
        testId={`masked-${phone ? "phone" : `property-${p.id}`}`}
      />
    );
  };

  // A field for the other nationality type is not the member's: left out, as the member's own form leaves it out.
  const countryType = user?.nationality?.type ?? null;
  const applies = (p: PropertyRow) =>
    !(p.isChineseOnly && countryType !== COUNTRY_TYPE.COUNTRY_TYPE_CHINESE) && !(p.isForeignerOnly && countryType !== COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER);
  const place = user?.place;
  const state = user?.state.id;
  // Decision 103: the state of an account whose role holds a power the actor lacks is not theirs to change (the server refuses it too).
  const role = user ? roles.find((r) => r.id === user.status.id) : undefined;
  const mayChangeState = hasPower("FUNCTION_USER_OPERATION_STATE") && !(role && !holdsRole(role));
  // One's own second factor is one's own to manage (the security page); the server refuses it here (ERROR_ROLE_SELF).
  const mayResetFactor = mayChangeState && !!user?.secondFactor && user.id !== session.user?.id;
  return (
    <Dialog title={t("members.detail.title")} onClose={onClose} width={720}>
      {user ? (
        <div className="member-detail" data-testid="member-detail">
          <dl className="member-facts">
            {properties.filter(applies).map((p) => (
              <div key={p.id} className="member-fact">
                <dt>{pick(language, p.titleZh, p.titleEn)}</dt>
                <dd>{maskedValue(p) ?? (valueText(p) || "—")}</dd>
              </div>
            ))}
            <div className="member-fact">
              <dt>{t("members.detail.nationality")}</dt>
              <dd>{user.nationality ? pick(language, user.nationality.nameZh, user.nationality.nameEn) : "—"}</dd>
            </div>
            <div className="member-fact member-fact-wide">
              <dt>{t("members.detail.place")}</dt>
              <dd>{place ? `${regionText(language, [place.address0, place.address1, place.address2, place.address3])} ${place.info}` : "—"}</dd>
            </div>
            <div className="member-fact">
              <dt>{t("members.detail.contact")}</dt>
              <dd>{user.contact?.name ?? "—"}</dd>
            </div>
            <div className="member-fact">
              <dt>{t("members.detail.contactPhone")}</dt>
              <dd>
                {user.contact?.phone ? (
                  <MaskedValue
                    masked={user.contact.phone}
                    target={{ user: user.id, field: "contact.phone" }}
                    label={{ show: t("members.reveal.contactPhone.show"), hide: t("members.reveal.contactPhone.hide") }}
                    testId="contact-phone"
                  />
                ) : (
                  "—"
                )}
              </dd>
            </div>
            <div className="member-fact">
              <dt>{t("members.columns.state")}</dt>
              <dd data-testid="member-state">{typeName(user.state.id)}</dd>
            </div>
            <div className="member-fact">
              <dt>{t("members.columns.role")}</dt>
              <dd>{pick(language, user.status.nameZh, user.status.nameEn)}</dd>
            </div>
            <div className="member-fact">
              <dt>{t("members.columns.date")}</dt>
              <dd>{formatChinaDateTime(user.createDate, true)}</dd>
            </div>
            <div className="member-fact">
              <dt>{t("members.detail.secondFactor")}</dt>
              <dd data-testid="member-factor">{t(user.secondFactor ? "members.detail.factorOn" : "members.detail.factorOff")}</dd>
            </div>
            {user.leaveDate ? (
              <div className="member-fact">
                <dt>{t("members.detail.leaveDate")}</dt>
                <dd>{formatChinaDateTime(user.leaveDate, true)}</dd>
              </div>
            ) : null}
          </dl>
          <div className="member-detail-actions">
            <div className="member-detail-records">
              {hasPower("FUNCTION_USER_OPERATION_FIND")
                ? LOG_KINDS.map((kind) => (
                    <button key={kind} type="button" className="button button-quiet" onClick={() => setOpen(kind)} data-testid={`member-log-${kind}`}>
                      {t(`members.detail.${kind}`)}
                    </button>
                  ))
                : null}
              {hasPower("FUNCTION_INTEGRAL_OPERATION") ? (
                <button type="button" className="button button-quiet" onClick={() => setOpen("points")} data-testid="member-points">
                  {t("members.detail.points")}
                </button>
              ) : null}
              {hasPower("FUNCTION_USER_FIND_FAMILY") ? (
                <button type="button" className="button button-quiet" onClick={() => setOpen("family")} data-testid="member-family">
                  {t("members.detail.family")}
                </button>
              ) : null}
            </div>
            <div className="member-detail-changes">
              {hasPower("FUNCTION_USER_OPERATION_PROPERTY") ? (
                <button type="button" className="button" onClick={() => setOpen("edit")} data-testid="member-edit">
                  {t("members.detail.update")}
                </button>
              ) : null}
              {mayChangeState && state !== USER_STATE.USER_STATE_REGISTERED ? (
                <button type="button" className="button button-quiet" onClick={() => setOpen("reset")} data-testid="member-reset">
                  {t("members.detail.reset")}
                </button>
              ) : null}
              {mayResetFactor ? (
                <button type="button" className="button button-quiet" onClick={() => setOpen("factor")} data-testid="member-factor-reset">
                  {t("members.detail.factorReset")}
                </button>
              ) : null}
              {mayChangeState && state !== USER_STATE.USER_STATE_LEFT ? (
                <button type="button" className="button button-quiet member-leave-button" onClick={() => void leave()} data-testid="member-leave">
                  {t("members.detail.leave")}
                </button>
              ) : null}
            </div>
            {hasPower("FUNCTION_USER_OPERATION_STATE") && !mayChangeState ? (
              <p className="field-hint member-detail-above" data-testid="member-above">
                {t("members.detail.above")}
              </p>
            ) : null}
          </div>
        </div>
      ) : (
        <p className="loading-text">{t("common.loading")}</p>
      )}
      {open === "points" ? <PointsDialog user={id} onClose={() => setOpen(null)} /> : null}
      {open !== null && (LOG_KINDS as readonly string[]).includes(open) ? <MemberLogDialog kind={open as MemberLogKind} user={id} properties={properties} onClose={() => setOpen(null)} /> : null}
      {open === "family" ? <FamilyDialog user={id} onClose={() => setOpen(null)} /> : null}
      {open === "edit" && user ? <MemberForm roles={roles} member={user} onClose={() => setOpen(null)} onSaved={() => (setOpen(null), changed())} /> : null}
      {open === "reset" && user ? <ResetDialog id={id} onClose={() => setOpen(null)} onDone={() => (setOpen(null), changed())} /> : null}
      {open === "factor" && user ? <FactorResetDialog id={id} onClose={() => setOpen(null)} onDone={() => (setOpen(null), changed())} /> : null}
    </Dialog>
  );
}

/** Resetting a member's activation, with a new employee number when asked. */
function ResetDialog({ id, onClose, onDone }: { id: number; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const editor = useFormDialog<{ renumber: boolean; employees: string }, "employees">({
    id: "reset",
    fields: ["employees"],
    initial: () => ({ renumber: false, employees: "" }),
    validate: ({ renumber, employees }) => (renumber && !employees.trim() ? { employees: "members.newEmployeesRequired" } : {}),
    send: ({ renumber, employees }) => api.call("/user/operation/reset", { id, ...(renumber ? { employees: employees.trim() } : {}) }),
    accepted: async () => {
      await showMessage(t("members.resetDone"));
      onDone();
    },
    refused: (message) =>
      message.code === "ERROR_RENAME"
        ? { field: "employees", error: "members.renameEmployees" }
        : message.code === "ERROR_PARAMS" && message.params?.field === "employees"
          ? { field: "employees", error: "members.badField.employees" }
          : null,
  });
  const { form, update } = editor;
  return (
    <FormDialog editor={editor} title={t("members.resetTitle")} saveLabel={t("common.ok")} saveTestId="reset-submit" onClose={onClose} className="member-reset-form">
      <p>{t("members.resetIntro")}</p>
      <label className="choice">
        <input type="checkbox" checked={form.renumber} onChange={(e) => update({ renumber: e.target.checked })} data-testid="reset-renumber" />
        <span>{t("members.updateEmployees")}</span>
      </label>
      {form.renumber ? (
        <div className="field">
          <label htmlFor="reset-employees">{t("members.newEmployees")}</label>
          <input id="reset-employees" className={editor.inputClass("employees")} value={form.employees} maxLength={50} {...editor.described("employees")} onChange={(e) => update({ employees: e.target.value })} />
          {editor.error("employees")}
        </div>
      ) : null}
    </FormDialog>
  );
}

/** The reason's longest length, as the server takes it (factorResetInput, src/domains/member-admin/state.ts). */
const FACTOR_REASON_MAX = 200;
const FACTOR_FIELDS = ["reason"] as const;

/**
 * Resetting a member's two-step verification (issue 31 item 1), with the
 * reason the operation log keeps: the member is signed out everywhere and
 * signs in with the password alone.
 */
function FactorResetDialog({ id, onClose, onDone }: { id: number; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const editor = useFormDialog({
    id: "factor-reset",
    fields: FACTOR_FIELDS,
    initial: () => ({ reason: "" }),
    validate: (f) => (f.reason.trim() ? {} : { reason: "members.factorReset.required" }),
    send: (f) => api.call("/user/operation/second-factor/reset", { id, reason: f.reason.trim() }),
    accepted: async () => {
      await showMessage(t("members.factorReset.done"));
      onDone();
    },
    refused: (message) =>
      message.code === "ERROR_ROLE_SELF"
        ? { text: t("members.factorReset.self") }
        : message.code === "ERROR_RESULT_NULL"
          ? { text: t("members.factorReset.none") }
          : message.code === "ERROR_PARAMS" && refusedField(message, FACTOR_FIELDS) && message.params?.reason !== "long"
            ? { field: "reason", error: "members.factorReset.required" }
            : null,
  });
  return (
    <FormDialog editor={editor} title={t("members.factorReset.title")} saveLabel={t("members.factorReset.save")} saveTestId="factor-reset-submit" onClose={onClose} width={520} className="member-reset-form factor-reset-form" testId="factor-reset-form">
      <p>{t("members.factorReset.intro")}</p>
      <ReasonField editor={editor} label={t("members.factorReset.reason")} max={FACTOR_REASON_MAX} />
      <p className="field-hint factor-reset-hint">{t("members.factorReset.hint")}</p>
    </FormDialog>
  );
}
