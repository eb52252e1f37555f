// The address editor (spec 1 section 5, spec 2 "Address editor"): consignee,
// phone, the four region levels and the detail. The browser checks the same
// rules as the server so a person learns of a mistake before sending.
import type { ItemOf } from "../../../src/domains/api";
import { cleanText, hasChinese, isPersonName, isPhone } from "../../../src/protocol/identity";
import { api } from "../../api";
import { type FieldErrors, FormDialog, useFormDialog } from "../../components/form-dialog";
import { EMPTY_CHAIN, type RegionChain, RegionPicker, isCompleteChain } from "../../components/region-picker";
import { showMessage } from "../../components/message-box";
import { resultText, useT } from "../../i18n";

export type Address = ItemOf<"/user/address/list">;

type Field = "name" | "phone" | "region" | "info";
export type AddressForm = { name: string; phone: string; region: RegionChain; info: string };
/** Dictionary keys of the problems, by field. */
export type AddressErrors = FieldErrors<Field>;

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
  const editor = useFormDialog({
    id: "address",
    fields: FIELDS,
    initial: () => formOf(address),
    validate: validateAddress,
    focusSelector: (field) => (field === "region" ? "#address-region-0" : `#address-${field}`),
    errorParams: (field) => ({ field: t(`address.${field}`) }),
    send: (form) => {
      const [a0, a1, a2, a3] = form.region;
      return api.call("/user/address/save", {
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
      });
    },
    accepted: (answer) => (answer.address ? onSaved(answer.address) : showMessage(resultText(t, answer.message))),
    refused: (message) => {
      if (message.code === "ERROR_OFTEN") return { text: t("address.often") };
      const field = message.code === "ERROR_PARAMS" ? fieldOfServer(message.params?.field) : null;
      return field ? { field, error: "address.errors.server" } : null;
    },
  });
  const { form, errors, update, error } = editor;

  const input = (field: "name" | "phone" | "info") => ({
    id: `address-${field}`,
    className: editor.inputClass(field),
    value: form[field],
    ...editor.described(field),
    onChange: (event: { target: { value: string } }) => update({ [field]: event.target.value }),
  });

  return (
    <FormDialog editor={editor} title={t(address ? "address.editTitle" : "address.addTitle")} saveLabel={t("address.save")} onClose={onClose} width={560} className="centre-form">
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
          onChange={(region) => update({ region })}
        />
        {error("region")}
      </div>
      <div className="field">
        <label htmlFor="address-info">{t("address.info")}</label>
        <textarea {...input("info")} className={editor.inputClass("info", "input textarea")} rows={3} maxLength={200} placeholder={t("address.infoPlaceholder")} />
        {error("info")}
      </div>
    </FormDialog>
  );
}
