// Changing an order's delivery address (spec 2 sections 4 and 5): allowed
// only while the order is successful and not sent. The member picks one of
// the address book's addresses (or adds one there first), confirms, and the
// order takes a copy of it. Nothing is picked at first: confirming without a
// choice says "please select an address" under the list.
import { useSnapshot } from "valtio";
import { api } from "../../api";
import { FormDialog, useFormDialog } from "../../components/form-dialog";
import { confirm } from "../../components/message-box";
import { useT } from "../../i18n";
import { maskPhone } from "../../lib/format";
import { session } from "../../state/session";
import { regionText } from "../../components/region-picker";
import { AddressChoices, placeOf } from "./address-choices";
import type { Address } from "./address-dialog";
import type { Order } from "./order-detail-window";

export function OrderAddressDialog({ order, onClose, onChanged }: { order: Order; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const editor = useFormDialog<{ address: Address | null }, "address">({
    id: "order-address",
    fields: ["address"],
    initial: () => ({ address: null }),
    validate: ({ address }) => (address ? {} : { address: "address.select" }),
    confirmed: ({ address }) => confirm(t("order.move.confirm", { name: address!.name, place: placeOf(address!, language) })),
    send: ({ address }) => api.call("/order/update/address", { order: order.id, address: address!.id }),
    accepted: onChanged,
    refused: (message) =>
      message.code === "ERROR_NOT_POWER" ? { text: t("order.cannotChange") } : message.code === "ERROR_RESULT_NULL" ? { text: t("order.notFound") } : null,
    // The choice is a list of radio buttons: its first takes the focus.
    focusSelector: () => "[data-field=address] input[type=radio]",
  });

  const current = order.address;
  return (
    <FormDialog editor={editor} title={t("order.move.title")} saveLabel={t("order.move.save")} saveTestId="order-address-save" onClose={onClose} width={560} className="order-move" testId="order-address-dialog">
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
      <div data-field="address">
        <AddressChoices legend={t("order.move.choose")} chosen={editor.form.address?.id ?? null} onChoose={(address) => editor.update({ address })} testId="order-address-choice" />
        {editor.error("address")}
      </div>
    </FormDialog>
  );
}
