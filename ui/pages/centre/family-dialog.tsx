// The family member editor (spec 1 section 5, spec 2 "Family member editor"):
// name, relation, birthday (optional for relations that need none), ID card
// or passport, sex and phone. The ID rule is the server's own (src/protocol/identity).
import { formatChinaDate } from "../../lib/china-time";
import type { ItemOf } from "../../../src/domains/api";
import { useSnapshot } from "valtio";
import { ID_TYPE, birthdayOfId, cleanText, isMainlandId, isPhone } from "../../../src/protocol/identity";
import { api } from "../../api";
import { DatePicker } from "../../components/date-picker";
import { type FieldErrors, FormDialog, refusedField, useFormDialog } from "../../components/form-dialog";
import { type TextKey, pick, useT } from "../../i18n";
import { session } from "../../state/session";

export type Relation = ItemOf<"/family/find", "relations">;
export type FamilyMember = ItemOf<"/user/family/list">;

type Field = "name" | "relation" | "birthday" | "idType" | "identity" | "sex" | "phone";
export type FamilyForm = { name: string; relation: string; birthday: string; idType: string; identity: string; sex: string; phone: string };
export type FamilyErrors = FieldErrors<Field>;

const FIELDS: Field[] = ["name", "relation", "birthday", "idType", "identity", "sex", "phone"];

export function validateFamily(form: FamilyForm, relations: readonly Relation[], today = new Date()): FamilyErrors {
  const errors: FamilyErrors = {};
  if (!form.name.trim()) errors.name = "family.errors.name";
  const relation = relations.find((r) => String(r.id) === form.relation);
  if (!relation) errors.relation = "family.errors.relation";
  if (!form.birthday) {
    if (!relation?.birthdayOptional) errors.birthday = "family.errors.birthday";
  } else if (form.birthday > formatChinaDate(today)) errors.birthday = "family.errors.birthdayFuture";
  if (form.idType !== String(ID_TYPE.NATIONAL) && form.idType !== String(ID_TYPE.OTHER)) errors.idType = "family.errors.idType";
  const identity = form.identity.trim();
  if (!identity) errors.identity = "family.errors.identity";
  else if (form.idType === String(ID_TYPE.NATIONAL) && !isMainlandId(identity, today)) errors.identity = "family.errors.idCard";
  if (form.sex !== "0" && form.sex !== "1") errors.sex = "family.errors.sex";
  const phone = form.phone.trim();
  if (phone && !isPhone(phone)) errors.phone = "family.errors.phoneFormat";
  return errors;
}

function formOf(member: FamilyMember | null): FamilyForm {
  if (!member) return { name: "", relation: "", birthday: "", idType: String(ID_TYPE.NATIONAL), identity: "", sex: "", phone: "" };
  return {
    name: member.name,
    relation: String(member.relation.id),
    birthday: member.birthday ?? "",
    idType: String(member.idType === ID_TYPE.NATIONAL ? ID_TYPE.NATIONAL : ID_TYPE.OTHER),
    identity: member.identity,
    sex: String(member.sex),
    phone: member.phone ?? "",
  };
}

export type FamilyDialogProps = { member: FamilyMember | null; relations: Relation[]; onClose: () => void; onSaved: () => void };

export function FamilyDialog({ member, relations, onClose, onSaved }: FamilyDialogProps) {
  const t = useT();
  const { language } = useSnapshot(session);
  const editor = useFormDialog({
    id: "family",
    fields: FIELDS,
    initial: () => formOf(member),
    validate: (form) => validateFamily(form, relations),
    // An ID card carries the birthday: fill it in when none was given.
    adjust: (next, patch) =>
      patch.identity !== undefined && next.idType === String(ID_TYPE.NATIONAL) && !next.birthday && isMainlandId(next.identity)
        ? { ...next, birthday: birthdayOfId(next.identity.trim()) }
        : next,
    errorParams: (field) => ({ field: t(`family.${field}`) }),
    send: (form) =>
      api.call("/user/family/save", {
        family: {
          ...(member ? { id: member.id } : {}),
          name: cleanText(form.name),
          identity: cleanText(form.identity).toUpperCase(),
          birthday: form.birthday || null,
          phone: form.phone.trim() || null,
          relation: { id: Number(form.relation) },
          sex: Number(form.sex),
        },
      }),
    accepted: onSaved,
    refused: (message) => {
      if (message.code === "ERROR_OFTEN") return { text: t("family.often") };
      const field = message.code === "ERROR_PARAMS" ? refusedField(message, FIELDS) : null;
      return field ? { field, error: "family.errors.server" } : null;
    },
  });
  const { form, errors, update, error, described } = editor;
  const relation = relations.find((r) => String(r.id) === form.relation);

  const text = (field: "name" | "identity" | "phone") => ({
    id: `family-${field}`,
    "data-field": field,
    className: editor.inputClass(field),
    value: form[field],
    onChange: (event: { target: { value: string } }) => update({ [field]: event.target.value }),
    ...described(field),
  });

  const choice = (field: "idType" | "sex", options: [string, TextKey][]) => (
    <div className="choice-row" role="radiogroup" aria-labelledby={`family-${field}-label`} {...described(field)}>
      {options.map(([value, label], i) => (
        <label key={value} className="choice">
          <input
            type="radio"
            name={`family-${field}`}
            value={value}
            data-field={i === 0 ? field : undefined}
            checked={form[field] === value}
            onChange={() => update({ [field]: value })}
          />
          <span>{t(label)}</span>
        </label>
      ))}
    </div>
  );

  return (
    <FormDialog editor={editor} title={t(member ? "family.editTitle" : "family.addTitle")} saveLabel={t("family.save")} onClose={onClose} width={560} className="centre-form">
      <div className="field-row">
        <div className="field">
          <label htmlFor="family-name">{t("family.name")}</label>
          <input {...text("name")} maxLength={40} autoComplete="off" data-autofocus />
          {error("name")}
        </div>
        <div className="field">
          <label htmlFor="family-relation">{t("family.relation")}</label>
          <select
            id="family-relation"
            data-field="relation"
            className={editor.inputClass("relation")}
            value={form.relation}
            onChange={(event) => update({ relation: event.target.value })}
            {...described("relation")}
          >
            <option value="" disabled>
              {t("family.relationPlaceholder")}
            </option>
            {relations.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {pick(language, r.nameZh, r.nameEn)}
              </option>
            ))}
          </select>
          {error("relation")}
        </div>
      </div>
      <div className="field-row">
        <div className="field">
          <span className="field-label" id="family-sex-label">
            {t("family.sex")}
          </span>
          {choice("sex", [
            ["0", "family.male"],
            ["1", "family.female"],
          ])}
          {error("sex")}
        </div>
        <div className="field">
          <label htmlFor="family-birthday">
            {t("family.birthday")}
            {relation?.birthdayOptional ? <span className="muted">{t("family.birthdayOptional")}</span> : null}
          </label>
          <DatePicker
            id="family-birthday"
            value={form.birthday}
            invalid={!!errors.birthday}
            describedBy={errors.birthday ? "family-birthday-error" : undefined}
            onChange={(birthday) => update({ birthday })}
          />
          {error("birthday")}
        </div>
      </div>
      <div className="field">
        <span className="field-label" id="family-idType-label">
          {t("family.idType")}
        </span>
        {choice("idType", [
          [String(ID_TYPE.NATIONAL), "family.idCard"],
          [String(ID_TYPE.OTHER), "family.passport"],
        ])}
        {error("idType")}
      </div>
      <div className="field">
        <label htmlFor="family-identity">{t("family.identity")}</label>
        <input
          {...text("identity")}
          maxLength={40}
          autoComplete="off"
          placeholder={t(form.idType === String(ID_TYPE.NATIONAL) ? "family.identityCardPlaceholder" : "family.identityPassportPlaceholder")}
        />
        {error("identity")}
      </div>
      <div className="field">
        <label htmlFor="family-phone">{t("family.phone")}</label>
        <input {...text("phone")} type="tel" inputMode="numeric" maxLength={11} autoComplete="off" placeholder={t("family.phonePlaceholder")} />
        {error("phone")}
      </div>
    </FormDialog>
  );
}
