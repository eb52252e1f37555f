// Changing an order's delivery address (spec 2 sections 4 and 5): allowed
// only while the order is successful and not sent. The member picks one of
// the address book's addresses (or adds one there first), confirms, and the
// order takes a copy of it. Nothing is picked at first: confirming without a
// choice says "please select an address".
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { MAX_ADDRESSES } from "../../../src/protocol/limits";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { Dialog } from "../../components/dialog";
import { confirm, showMessage } from "../../components/message-box";
import { resultText, useT } from "../../i18n";
import { maskPhone } from "../../lib/format";
import { session } from "../../state/session";
import { type Address, AddressDialog } from "./address-dialog";
import { type Order, regionText } from "./order-detail-window";

export function OrderAddressDialog({ order, onClose, onChanged }: { order: Order; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [list, setList] = useState<Address[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = async () => {
    const answer = await api.call("/user/address/list");
    if (isSuccess(answer) && answer.list) setList(answer.list);
    else await showMessage(resultText(t, answer.message));
  };
  useEffect(() => void load(), []);

  const placeOf = (a: Address) => `${regionText(language, [a.address0, a.address1, a.address2, a.address3])} ${a.info}`;

  const save = async () => {
    const address = list?.find((a) => a.id === chosen);
    if (!address) return showMessage(t("address.select"));
    if (!(await confirm(t("order.move.confirm", { name: address.name, place: placeOf(address) })))) return;
    setBusy(true);
    const answer = await api.call("/order/update/address", { order: order.id, address: address.id }).finally(() => setBusy(false));
    if (isSuccess(answer)) return onChanged();
    const code = answer.message?.code;
    await showMessage(code === "ERROR_NOT_POWER" ? t("order.cannotChange") : code === "ERROR_RESULT_NULL" ? t("order.notFound") : resultText(t, answer.message));
  };

  const added = async (address: Address) => {
    setAdding(false);
    await load();
    setChosen(address.id);
  };

  const current = order.address;
  return (
    <Dialog
      title={t("order.move.title")}
      onClose={onClose}
      width={560}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="button" className="button button-primary" disabled={busy || !list?.length} onClick={() => void save()} data-testid="order-address-save">
            {t("order.move.save")}
          </button>
        </>
      }
    >
      <div className="order-move" data-testid="order-address-dialog">
        {current ? (
          <section className="order-move-current">
            <h3 className="order-subtitle">{t("order.move.current")}</h3>
            <p>
              <span className="address-name">{current.liaison}</span> <span className="address-phone">{maskPhone(current.phone)}</span>
            </p>
            <p className="muted">
              {regionText(language, current.regions)} {current.addressInfo}
            </p>
          </section>
        ) : null}
        <fieldset className="order-move-choices">
          <legend className="order-subtitle">{t("order.move.choose")}</legend>
          {list && list.length === 0 ? <p className="muted">{t("order.move.none")}</p> : null}
          {list?.map((a) => (
            <label key={a.id} className={`order-move-choice${chosen === a.id ? " is-chosen" : ""}`} data-testid="order-address-choice">
              <input type="radio" name="order-address" value={a.id} checked={chosen === a.id} onChange={() => setChosen(a.id)} />
              <span className="order-move-text">
                <span>
                  <span className="address-name">{a.name}</span> <span className="address-phone">{maskPhone(a.phone)}</span>
                  {a.isDefault ? <span className="badge badge-accent">{t("address.isDefault")}</span> : null}
                </span>
                <span className="muted">{placeOf(a)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {list && list.length < MAX_ADDRESSES ? (
          <button type="button" className="button button-quiet order-move-add" onClick={() => setAdding(true)}>
            {t("order.move.add")}
          </button>
        ) : null}
      </div>
      {adding ? <AddressDialog address={null} onClose={() => setAdding(false)} onSaved={(a) => void added(a)} /> : null}
    </Dialog>
  );
}
