// Changing an order's delivery address (spec 2 sections 4 and 5): allowed
// only while the order is successful and not sent. The member picks one of
// the address book's addresses (or adds one there first), confirms, and the
// order takes a copy of it. Nothing is picked at first: confirming without a
// choice says "please select an address".
import { useState } from "react";
import { useSnapshot } from "valtio";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { Dialog } from "../../components/dialog";
import { confirm, showMessage } from "../../components/message-box";
import { resultText, useT } from "../../i18n";
import { maskPhone } from "../../lib/format";
import { session } from "../../state/session";
import { regionText } from "../../components/region-picker";
import { AddressChoices, placeOf } from "./address-choices";
import type { Address } from "./address-dialog";
import type { Order } from "./order-detail-window";

export function OrderAddressDialog({ order, onClose, onChanged }: { order: Order; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [chosen, setChosen] = useState<Address | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (!chosen) return showMessage(t("address.select"));
    if (!(await confirm(t("order.move.confirm", { name: chosen.name, place: placeOf(chosen, language) })))) return;
    setBusy(true);
    const answer = await api.call("/order/update/address", { order: order.id, address: chosen.id }).finally(() => setBusy(false));
    if (isSuccess(answer)) return onChanged();
    const code = answer.message?.code;
    await showMessage(code === "ERROR_NOT_POWER" ? t("order.cannotChange") : code === "ERROR_RESULT_NULL" ? t("order.notFound") : resultText(t, answer.message));
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
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void save()} data-testid="order-address-save">
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
        <AddressChoices legend={t("order.move.choose")} chosen={chosen?.id ?? null} onChoose={setChosen} testId="order-address-choice" />
      </div>
    </Dialog>
  );
}
