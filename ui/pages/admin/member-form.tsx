// The staff member form (spec 3 sections 2.4 and 5 "Member form", 8 "Member
// save"): the account area's one property form, with the role, nationality
// only when more than one country exists, and the contact fields (phone,
// e-mail, employee number) open to staff; the employee number is fixed on
// edit (a reset changes it). Checked here by the same validator as the
// server, then /user/operation/create or /update.
import { useEffect, useMemo, useState } from "react";
import { useSnapshot } from "valtio";
import { PROPERTY_PURPOSE } from "../../../src/protocol/enumerations";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { Dialog } from "../../components/dialog";
import { useCloseAsking } from "../../components/form-dialog";
import { showMessage } from "../../components/message-box";
import { PropertyForm, fieldId, propertyMessage } from "../../components/property-form";
import { type Country, type FormValues, type Property, IDENTITY_PURPOSES, automaticNationality, checkForm, initialValues } from "../../components/property-form/model";
import { pick, resultText, useT } from "../../i18n";
import { session } from "../../state/session";
import { holdsRole, type MemberInfo, type Role } from "./member-model";

type FormError = { property: number | "nationality"; text: string } | null;
/** The refusals of decision 103, said under the role. */
const ROLE_REFUSALS = new Set(["ERROR_ROLE_SELF", "ERROR_ROLE_ABOVE", "ERROR_MEMBER_ABOVE"]);
const FIELD_PURPOSE: Record<string, number> = {
  phone: PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE,
  mail: PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL,
  employees: PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES,
};

export function MemberForm({ member, roles, onClose, onSaved }: { member: MemberInfo | null; roles: Role[]; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const { language, user: me } = useSnapshot(session);
  const [properties, setProperties] = useState<Property[] | null>(null);
  const [countries, setCountries] = useState<Country[]>([]);
  const stored = useMemo(() => (member?.values ?? []).map((v) => ({ ...v, value: Array.isArray(v.value) ? v.value : String(v.value ?? "") })), [member]);
  const [values, setValues] = useState<FormValues>(() => initialValues(stored));
  const [nationality, setNationality] = useState<number | null>(member?.nationality?.id ?? null);
  const [role, setRole] = useState<number | null>(member?.status.id ?? null);
  const [roleError, setRoleError] = useState<string | null>(null);
  // Decision 103: one's own role is not one's to change; an account whose role holds a power the actor lacks keeps its role, phone and e-mail.
  const current = member ? roles.find((r) => r.id === member.status.id) : undefined;
  const self = member !== null && member.id === me?.id;
  const above = current !== undefined && !holdsRole(current);
  const roleNote = self ? t("members.roleSelf") : above ? t("members.roleAbove") : null;
  const givable = roles.filter(holdsRole);
  const offered = roleNote ? (current ? [current] : []) : givable;
  const [error, setError] = useState<FormError>(null);
  const [busy, setBusy] = useState(false);
  // What the window opened with (the nationality is left out: it is set by itself once the countries are read).
  const [opened] = useState(() => JSON.stringify({ values, role }));
  const close = useCloseAsking(JSON.stringify({ values, role }) !== opened, onClose);

  useEffect(() => {
    void Promise.all([api.call("/user/properties"), api.call("/user/countries")]).then(([props, list]) => {
      if (!isSuccess(props) || !props.list || !isSuccess(list) || !list.list) return void showMessage(resultText(t, (isSuccess(props) ? list : props).message));
      setCountries(list.list);
      setNationality((chosen) => automaticNationality(list.list!, chosen));
      setProperties(props.list);
    });
  }, []);

  const point = (property: number | "nationality", text: string) => {
    setError({ property, text });
    requestAnimationFrame(() => {
      const el = document.getElementById(fieldId("member-form", property));
      el?.scrollIntoView({ block: "center" });
      (el?.matches("input, select, textarea") ? el : el?.querySelector<HTMLElement>("input, select, textarea"))?.focus({ preventScroll: true });
    });
  };
  const textOf = (id: number) => {
    const p = properties?.find((x) => x.id === id);
    return (p && propertyMessage(p, language)) || t("centre.form.invalid");
  };

  const save = async () => {
    if (!properties) return;
    if (!role) return setRoleError(t("members.roleRequired"));
    const country = countries.find((c) => c.id === nationality) ?? null;
    // Staff may change a read-only field: the check keeps no stored value.
    const result = checkForm({ properties, values, stored: [], nationality: country });
    if (!result.ok) return point(result.property, result.property === "nationality" ? t("centre.form.nationalityRequired") : textOf(result.property));
    const contacts = properties
      .filter((p) => IDENTITY_PURPOSES.has(p.purpose.id))
      .map((p) => ({ property: { id: p.id }, option: null, value: typeof values[p.id]?.value === "string" ? (values[p.id]!.value as string).trim() : "" }));
    setBusy(true);
    const body = { user: { ...(member ? { id: member.id } : {}), nationality: { id: country!.id }, status: { id: role } }, values: JSON.stringify([...result.values, ...contacts]) };
    const answer = await api.call(member ? "/user/operation/update" : "/user/operation/create", body);
    setBusy(false);
    if (isSuccess(answer)) {
      await showMessage(member ? t("members.saved") : t("members.added"));
      return onSaved();
    }
    const message = answer.message;
    if (message?.code === "ERROR_RENAME") return showMessage(t("members.rename"));
    if (message?.code === "ERROR_RESULT_NULL") return showMessage(t("members.resultNull"));
    const params = message?.code === "ERROR_PARAMS" || message?.code === "ERROR_MEMBER_ABOVE" ? message.params : undefined;
    if (typeof params?.property === "number") return point(params.property, textOf(params.property));
    const purpose = typeof params?.field === "string" ? FIELD_PURPOSE[params.field] : undefined;
    const target = purpose ? properties.find((p) => p.purpose.id === purpose) : undefined;
    if (target) return point(target.id, message?.code === "ERROR_MEMBER_ABOVE" ? resultText(t, message) : t(`members.badField.${params!.field as "phone"}`));
    if (params?.field === "nationality") return point("nationality", t("centre.form.nationalityRequired"));
    if (params?.field === "status") return setRoleError(t("members.roleRequired"));
    if (message && ROLE_REFUSALS.has(message.code) && (params === undefined || params.field === "role")) return setRoleError(resultText(t, message));
    await showMessage(resultText(t, message));
  };

  const locked = (p: Property) =>
    member !== null && (p.purpose.id === PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES || (above && (p.purpose.id === PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE || p.purpose.id === PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL)));
  const described = [roleNote || givable.length < roles.length ? "member-form-role-note" : null, roleError ? "member-form-role-error" : null].filter(Boolean).join(" ") || undefined;
  return (
    <Dialog
      title={member ? t("members.formEdit") : t("members.formCreate")}
      onClose={close}
      width={640}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={close}>
            {t("common.cancel")}
          </button>
          <button type="button" className="button button-primary" disabled={busy || !properties} onClick={() => void save()} data-testid="member-save">
            {t("common.ok")}
          </button>
        </>
      }
    >
      <div className="member-form" data-testid="member-form">
        <div className={`field${roleError ? " field-invalid" : ""}`}>
          <label htmlFor="member-form-role">
            {t("members.role")}
            <span className="required-mark" aria-hidden="true">
              *
            </span>
          </label>
          <select
            id="member-form-role"
            className={`input${roleError ? " input-invalid" : ""}`}
            value={role ?? ""}
            aria-invalid={roleError ? true : undefined}
            aria-describedby={described}
            disabled={roleNote !== null}
            onChange={(e) => (setRole(e.target.value ? Number(e.target.value) : null), setRoleError(null))}
            data-testid="member-form-role"
          >
            {roleNote ? null : <option value="">{t("members.choose")}</option>}
            {offered.map((r) => (
              <option key={r.id} value={r.id}>
                {pick(language, r.nameZh, r.nameEn)}
              </option>
            ))}
          </select>
          {roleNote || givable.length < roles.length ? (
            <p className="field-hint" id="member-form-role-note" data-testid="member-form-role-note">
              {roleNote ?? t("members.roleLimited")}
            </p>
          ) : null}
          {roleError ? (
            <p className="field-error" id="member-form-role-error" role="alert">
              {roleError}
            </p>
          ) : null}
        </div>
        {properties ? (
          <PropertyForm
            idPrefix="member-form"
            properties={properties}
            values={values}
            onChange={(next) => (setValues(next), error && error.property !== "nationality" && setError(null))}
            stored={stored}
            countries={countries}
            nationality={nationality}
            onNationality={(id) => (setNationality(id), error?.property === "nationality" && setError(null))}
            error={error}
            withNationality={countries.length > 1}
            locked={locked}
          />
        ) : (
          <p className="loading-text">{t("common.loading")}</p>
        )}
      </div>
    </Dialog>
  );
}
