// Choosing one address of the address book, or adding one there first: the
// sign-up's address window and an order's address change both ask this.
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { MAX_ADDRESSES } from "../../../src/protocol/limits";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { showMessage } from "../../components/message-box";
import { regionText } from "../../components/region-picker";
import { resultText, useT } from "../../i18n";
import { maskPhone } from "../../lib/format";
import { session } from "../../state/session";
import { type Address, AddressDialog } from "./address-dialog";

/** Where an address is, in one line: its regions and the detail. */
export const placeOf = (a: Address, language: "zh" | "en") => `${regionText(language, [a.address0, a.address1, a.address2, a.address3])} ${a.info}`;

export type AddressChoicesProps = {
  legend: string;
  chosen: number | null;
  onChoose: (address: Address) => void;
  /** Choose the default address (else the first) when nothing is chosen yet. */
  preselect?: boolean;
  /** Show the chosen address only, the others behind a "more addresses" toggle (the checkout page). */
  collapsible?: boolean;
  testId?: string;
};

export function AddressChoices({ legend, chosen, onChoose, preselect = false, collapsible = false, testId = "address-choice" }: AddressChoicesProps) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [list, setList] = useState<Address[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState(!collapsible);

  const load = async (choose?: number) => {
    const answer = await api.call("/user/address/list");
    if (!isSuccess(answer) || !answer.list) return showMessage(resultText(t, answer.message));
    const rows = [...answer.list];
    setList(rows);
    const pick = rows.find((r) => r.id === choose) ?? (preselect && chosen === null ? (rows.find((r) => r.isDefault) ?? rows[0]) : undefined);
    if (pick) onChoose(pick);
  };
  useEffect(() => void load(), []);

  if (list === null) return <div className="address-choices-loading" aria-busy="true" />;
  const shown = open ? list : list.filter((a) => a.id === chosen).concat(chosen === null ? list.slice(0, 1) : []);
  const hidden = list.length - shown.length;
  return (
    <div className="address-choices">
      <fieldset>
        <legend>{legend}</legend>
        {list.length === 0 ? <p className="muted">{t("address.none")}</p> : null}
        {shown.map((a) => (
          <label key={a.id} className={`address-choice${chosen === a.id ? " is-chosen" : ""}`} data-testid={testId}>
            <input type="radio" name="address-choice" value={a.id} checked={chosen === a.id} onChange={() => onChoose(a)} />
            <span className="address-choice-text">
              <span>
                <span className="address-name">{a.name}</span> <span className="address-phone">{maskPhone(a.phone)}</span>
                {a.isDefault ? <span className="badge badge-accent">{t("address.isDefault")}</span> : null}
              </span>
              <span className="muted">{placeOf(a, language)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {collapsible && list.length > 1 ? (
        <button type="button" className="button button-quiet address-choices-more" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="address-more">
          {open ? t("address.fewer") : t("address.more", { count: hidden })}
        </button>
      ) : null}
      {list.length < MAX_ADDRESSES ? (
        <button type="button" className="button button-quiet address-choices-add" onClick={() => setAdding(true)}>
          {t("address.add")}
        </button>
      ) : null}
      {adding ? (
        <AddressDialog
          address={null}
          onClose={() => setAdding(false)}
          onSaved={(saved) => {
            setAdding(false);
            void load(saved.id);
          }}
        />
      ) : null}
    </div>
  );
}
