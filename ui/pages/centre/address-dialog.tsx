// The address editor (spec 1 section 5, spec 2 "Address editor"): consignee,
// phone, the four region levels and the detail. The browser checks the same
// rules as the server so a person learns of a mistake before sending.
import { type FormEvent, useRef, useState } from "react";
import type { ItemOf } from "../../../src/domains/api";
import { cleanText, hasChinese, isPersonName, isPhone } from "../../../src/protocol/identity";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { Dialog, FormFooter } from "../../components/dialog";
import { showMessage } from "../../components/message-box";
import { EMPTY_CHAIN, type Region, type RegionChain, RegionPicker, isCompleteChain } from "../../components/region-picker";
import { resultText, useT } from "../../i18n";

export type Address = ItemOf<"/user/address/list">;

type Field = "name" | "phone" | "region" | "info";
export type AddressForm = { name: string; phone: string; region: RegionChain; info: string };
/** Dictionary keys of the problems, by field. */
export type AddressErrors = Partial<Record<Field, string>>;

export function validateAddress(form: AddressForm): AddressErrors {
  const errors: AddressErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = "address.errors.name";
  else if (!isPersonName(name)) errors.name = "address.errors.nameFormat";
  const phone = form.phone.trim();
  if (!phone) errors.phone = "address.errors.phone";
  else if (!isPhone(phone)) errors.phone = "address.errors.phoneFormat";
  if (!isCompleteChain(form.region)) errors.region = "address.errors.region";
  const info = form.info.trim();
  if (!info) errors.info = "address.errors.info";
  else if (!hasChinese(info)) errors.info = "address.errors.infoChinese";
  return errors;
}

const FIELDS: Field[] = ["name", "phone", "region", "info"];

/** The server names a failing field by its payload name; address0..3 are all the region. */
const fieldOfServer = (field: unknown): Field | null => {
  if (typeof field !== "string") return null;
  if (field.startsWith("address")) return "region";
  return (FIELDS as string[]).includes(field) ? (field as Field) : null;
};

function formOf(address: Address | null): AddressForm {
  if (!address) return { name: "", phone: "", region: [...EMPTY_CHAIN], info: "" };
  return {
    name: address.name,
    phone: address.phone,
    region: [address.address0, address.address1, address.address2, address.address3],
    info: address.info,
  };
}

export type AddressDialogProps = { address: Address | null; onClose: () => void; onSaved: (address: Address) => void };

export function AddressDialog({ address, onClose, onSaved }: AddressDialogProps) {
  const t = useT();
  const [form, setForm] = useState<AddressForm>(() => formOf(address));
  const [errors, setErrors] = useState<AddressErrors>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLFormElement>(null);

  const update = (next: AddressForm) => {
    setForm(next);
    if (tried) setErrors(validateAddress(next));
  };

  const focusFirst = (found: AddressErrors) => {
    const first = FIELDS.find((f) => found[f]);
    if (first) root.current?.querySelector<HTMLElement>(first === "region" ? "#address-region-0" : `#address-${first}`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    const found = validateAddress(form);
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(found);
    setBusy(true);
    const [a0, a1, a2, a3] = form.region;
    const answer = await api
      .call("/user/address/save", {
        address: {
          ...(address ? { id: address.id } : {}),
          name: cleanText(form.name),
          phone: form.phone.trim(),
          address0: a0!.id,
          address1: a1!.id,
          address2: a2!.id,
          address3: a3!.id,
          info: cleanText(form.info),
        },
      })
      .finally(() => setBusy(false));
    if (isSuccess(answer) && answer.address) return onSaved(answer.address);
    const code = answer.message?.code;
    if (code === "ERROR_OFTEN") return showMessage(t("address.often"));
    const field = code === "ERROR_PARAMS" ? fieldOfServer(answer.message.params?.field) : null;
    if (field) {
      const next = { ...found, [field]: "address.errors.server" };
      setErrors(next);
      return focusFirst(next);
    }
    await showMessage(resultText(t, answer.message));
  };

  const error = (field: Field) =>
    errors[field] ? (
      <p className="field-error" id={`address-${field}-error`} role="alert">
        {t(errors[field]!, { field: t(`address.${field}`) })}
      </p>
    ) : null;

  const input = (field: "name" | "phone" | "info") => ({
    id: `address-${field}`,
    className: `input${errors[field] ? " input-invalid" : ""}`,
    value: form[field],
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `address-${field}-error` : undefined,
    onChange: (event: { target: { value: string } }) => update({ ...form, [field]: event.target.value }),
  });

  return (
    <Dialog
      title={t(address ? "address.editTitle" : "address.addTitle")}
      onClose={onClose}
      width={560}
      footer={<FormFooter formId="address-form" saveLabel={t("address.save")} busy={busy} onCancel={onClose} />}
    >
      <form id="address-form" ref={root} className="centre-form" onSubmit={submit} noValidate>
        <div className="field-row">
          <div className="field">
            <label htmlFor="address-name">{t("address.name")}</label>
            <input {...input("name")} autoComplete="name" placeholder={t("address.namePlaceholder")} maxLength={40} data-autofocus />
            {error("name")}
          </div>
          <div className="field">
            <label htmlFor="address-phone">{t("address.phone")}</label>
            <input {...input("phone")} type="tel" inputMode="numeric" autoComplete="tel" placeholder={t("address.phonePlaceholder")} maxLength={11} />
            {error("phone")}
          </div>
        </div>
        <div className="field">
          <label htmlFor="address-region-0">{t("address.region")}</label>
          <RegionPicker
            id="address-region"
            value={form.region}
            invalid={!!errors.region}
            describedBy={errors.region ? "address-region-error" : undefined}
            onChange={(region) => update({ ...form, region })}
          />
          {error("region")}
        </div>
        <div className="field">
          <label htmlFor="address-info">{t("address.info")}</label>
          <textarea {...input("info")} className={`input textarea${errors.info ? " input-invalid" : ""}`} rows={3} maxLength={200} placeholder={t("address.infoPlaceholder")} />
          {error("info")}
        </div>
      </form>
    </Dialog>
  );
}
