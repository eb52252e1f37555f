// The staff member form (spec 3 sections 2.4 and 5 "Member form", 8 "Member
// save"): the account area's one property form, with the role, nationality
// only when more than one country exists, and the contact fields (phone,
// e-mail, employee number) open to staff; the employee number is fixed on
// edit (a reset changes it). Checked here by the same validator as the
// server, then /user/operation/create or /update; in the one form window.
import { useMemo, useRef } from "react";
import { useSnapshot } from "valtio";
import { PROPERTY_PURPOSE } from "../../../src/protocol/enumerations";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { FormDialog, useFormDialog } from "../../components/form-dialog";
import { showMessage } from "../../components/message-box";
import { PropertyForm, fieldId, propertyMessage } from "../../components/property-form";
import { type Country, type FormValues, type Property, IDENTITY_PURPOSES, automaticNationality, checkForm, initialValues } from "../../components/property-form/model";
import { isOneOf, pick, resultText, useT } from "../../i18n";
import { useLoaded } from "../../lib/use-loaded";
import { session } from "../../state/session";
import { holdsRole, type MemberInfo, type Role } from "./member-model";

/** The refusals of decision 103, said under the role. */
const ROLE_REFUSALS = ["ERROR_ROLE_SELF", "ERROR_ROLE_ABOVE", "ERROR_MEMBER_ABOVE"] as const;
const FIELD_PURPOSE: Record<string, number> = {
  phone: PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE,
  mail: PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL,
  employees: PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES,
};

type Loaded = { properties: Property[]; countries: Country[] };
type Form = { role: number | null; values: FormValues; nationality: number | null };
/** The role, then the profile: the property form's fields, whose texts are the properties' own words (their dialog text), not the dictionary's. */
type Field = "role" | "profile";
const FIELDS: readonly Field[] = ["role", "profile"];
/** A profile field in error and what is said under it. */
type Problem = { property: number | "nationality"; text: string };

/** The profile fields and countries, read before the form opens: the nationality it opens with is chosen from them. */
export function MemberForm({ member, roles, onClose, onSaved }: { member: MemberInfo | null; roles: Role[]; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const loaded = useLoaded<Loaded>(async (alive) => {
    const [props, list] = await Promise.all([api.call("/user/properties"), api.call("/user/countries")]);
    if (isSuccess(props) && props.list && isSuccess(list) && list.list) return { properties: props.list, countries: list.list };
    if (alive()) {
      await showMessage(resultText(t, (isSuccess(props) ? list : props).message));
      onClose();
    }
    return false;
  }, []);
  return loaded ? <MemberFormWindow member={member} roles={roles} {...loaded} onClose={onClose} onSaved={onSaved} /> : null;
}

function MemberFormWindow({ member, roles, properties, countries, onClose, onSaved }: Loaded & { member: MemberInfo | null; roles: Role[]; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const { language, user: me } = useSnapshot(session);
  const stored = useMemo(() => (member?.values ?? []).map((v) => ({ ...v, value: Array.isArray(v.value) ? v.value : String(v.value ?? "") })), [member]);
  // Decision 103: one's own role is not one's to change; an account whose role holds a power the actor lacks keeps its role, phone and e-mail.
  const current = member ? roles.find((r) => r.id === member.status.id) : undefined;
  const self = member !== null && member.id === me?.id;
  const above = current !== undefined && !holdsRole(current);
  const roleNote = self ? t("members.roleSelf") : above ? t("members.roleAbove") : null;
  const givable = roles.filter(holdsRole);
  const offered = roleNote ? (current ? [current] : []) : givable;
  // The profile field the server refused last, and its text.
  const refusedProblem = useRef<Problem | null>(null);

  const textOf = (id: number) => {
    const p = properties.find((x) => x.id === id);
    return (p && propertyMessage(p, language)) || t("centre.form.invalid");
  };
  // Staff may change a read-only field: the check keeps no stored value.
  const check = (form: Form) => checkForm({ properties, values: form.values, stored: [], nationality: countries.find((c) => c.id === form.nationality) ?? null });
  /** The first profile field the checks fail, with its text. */
  const problemOf = (form: Form): Problem | null => {
    const result = check(form);
    if (result.ok) return null;
    return { property: result.property, text: result.property === "nationality" ? t("centre.form.nationalityRequired") : textOf(result.property) };
  };
  const refuseProfile = (problem: Problem) => {
    refusedProblem.current = problem;
    return { field: "profile" as const, error: "centre.form.invalid" as const };
  };

  const editor = useFormDialog<Form, Field>({
    id: "member-form",
    fields: FIELDS,
    initial: () => ({ role: member?.status.id ?? null, values: initialValues(stored), nationality: automaticNationality(countries, member?.nationality?.id ?? null) }),
    validate: (form) => ({ ...(form.role ? {} : { role: "members.roleRequired" }), ...(problemOf(form) ? { profile: "centre.form.invalid" } : {}) }),
    send: (form) => {
      const result = check(form);
      const contacts = properties
        .filter((p) => IDENTITY_PURPOSES.has(p.purpose.id))
        .map((p) => ({ property: { id: p.id }, option: null, value: typeof form.values[p.id]?.value === "string" ? (form.values[p.id]!.value as string).trim() : "" }));
      const body = { user: { ...(member ? { id: member.id } : {}), nationality: { id: form.nationality! }, status: { id: form.role! } }, values: JSON.stringify([...(result.ok ? result.values : []), ...contacts]) };
      return api.call(member ? "/user/operation/update" : "/user/operation/create", body);
    },
    accepted: async () => {
      await showMessage(member ? t("members.saved") : t("members.added"));
      onSaved();
    },
    refused: (message) => {
      if (message.code === "ERROR_RENAME") return { text: t("members.rename") };
      if (message.code === "ERROR_RESULT_NULL") return { text: t("members.resultNull") };
      const params = message.code === "ERROR_PARAMS" || message.code === "ERROR_MEMBER_ABOVE" ? message.params : undefined;
      if (typeof params?.property === "number") return refuseProfile({ property: params.property, text: textOf(params.property) });
      const purpose = typeof params?.field === "string" ? FIELD_PURPOSE[params.field] : undefined;
      const target = purpose ? properties.find((p) => p.purpose.id === purpose) : undefined;
      if (target) return refuseProfile({ property: target.id, text: message.code === "ERROR_MEMBER_ABOVE" ? resultText(t, message) : t(`members.badField.${params!.field as "phone"}`) });
      if (params?.field === "nationality") return refuseProfile({ property: "nationality", text: t("centre.form.nationalityRequired") });
      if (params?.field === "status") return { field: "role", error: "members.roleRequired" };
      if (isOneOf(ROLE_REFUSALS, message.code) && (params === undefined || params.field === "role")) return { field: "role", error: `result.${message.code}` };
      return null;
    },
    // A profile field is its input (or the first of its radio buttons or boxes).
    focusSelector: (field) => {
      if (field === "role") return "#member-form-role";
      const id = fieldId("member-form", (problemOf(editor.form) ?? refusedProblem.current)?.property ?? "nationality");
      return `#${id}:is(input, select, textarea), #${id} :is(input, select, textarea)`;
    },
  });
  const { form, errors, update } = editor;
  // Said at the field that fails now, else at the one the server refused (until a change checks the form again).
  const problem = errors.profile ? (problemOf(form) ?? refusedProblem.current) : null;

  const locked = (p: Property) =>
    member !== null && (p.purpose.id === PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES || (above && (p.purpose.id === PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE || p.purpose.id === PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL)));
  const note = roleNote || givable.length < roles.length ? "member-form-role-note" : undefined;
  return (
    <FormDialog editor={editor} title={member ? t("members.formEdit") : t("members.formCreate")} saveLabel={t("common.ok")} saveTestId="member-save" onClose={onClose} width={640} className="member-form" testId="member-form">
      <div className={`field${errors.role ? " field-invalid" : ""}`}>
        <label htmlFor="member-form-role">
          {t("members.role")}
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        </label>
        <select
          id="member-form-role"
          className={editor.inputClass("role")}
          value={form.role ?? ""}
          {...editor.described("role", note)}
          disabled={roleNote !== null}
          onChange={(e) => update({ role: e.target.value ? Number(e.target.value) : null })}
          data-testid="member-form-role"
        >
          {roleNote ? null : <option value="">{t("members.choose")}</option>}
          {offered.map((r) => (
            <option key={r.id} value={r.id}>
              {pick(language, r.nameZh, r.nameEn)}
            </option>
          ))}
        </select>
        {note ? (
          <p className="field-hint" id="member-form-role-note" data-testid="member-form-role-note">
            {roleNote ?? t("members.roleLimited")}
          </p>
        ) : null}
        {editor.error("role")}
      </div>
      <PropertyForm
        idPrefix="member-form"
        properties={properties}
        values={form.values}
        onChange={(values) => update({ values })}
        stored={stored}
        countries={countries}
        nationality={form.nationality}
        onNationality={(nationality) => update({ nationality })}
        error={problem}
        withNationality={countries.length > 1}
        locked={locked}
      />
    </FormDialog>
  );
}
