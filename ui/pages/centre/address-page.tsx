// Personal centre > addresses (spec 1 section 2): the member's addresses,
// default first, with add, edit, delete and set default; at most 10.
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { ADDRESS_TYPE } from "../../../src/protocol/enumerations";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { CardList } from "../../components/card-list";
import { confirm, showMessage } from "../../components/message-box";
import { regionText } from "../../components/region-picker";
import { resultText, t as translate, useT } from "../../i18n";
import { maskPhone } from "../../lib/format";
import { session } from "../../state/session";
import { MAX_ADDRESSES } from "../../../src/protocol/limits";
import { type Address, AddressDialog } from "./address-dialog";
import { CentreSection } from "./centre-section";

type Editing = { address: Address | null } | null;

function useAddresses() {
  const [list, setList] = useState<Address[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = async () => {
    const answer = await api.call("/user/address/list");
    if (isSuccess(answer) && answer.list) {
      setList(answer.list);
      setFailed(false);
    } else {
      setFailed(true);
      await showMessage(resultText(translate, answer.message));
    }
  };
  useEffect(() => void load(), []);
  return { list, failed, load };
}

function AddressCard({ address, onEdit, onDelete, onDefault }: { address: Address; onEdit: () => void; onDelete: () => void; onDefault: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const regions = regionText(language, [address.address0, address.address1, address.address2, address.address3]);
  const isHome = address.type?.id === ADDRESS_TYPE.ADDRESS_TYPE_PLACE;
  return (
    <>
      <div className="address-head">
        <span className="address-name">{address.name}</span>
        <span className="address-phone">{maskPhone(address.phone)}</span>
        {address.isDefault ? <span className="badge badge-accent">{t("address.isDefault")}</span> : null}
        {isHome ? <span className="badge">{t("address.home")}</span> : null}
      </div>
      <p className="address-lines">
        <span className="address-regions">{regions}</span>
        <span className="address-info">{address.info}</span>
      </p>
      <div className="card-actions">
        {address.isDefault ? null : (
          <button type="button" className="link-button" onClick={onDefault}>
            {t("address.setDefault")}
          </button>
        )}
        <button type="button" className="link-button" onClick={onEdit}>
          {t("address.edit")}
        </button>
        <button type="button" className="link-button link-danger" onClick={onDelete}>
          {t("address.delete")}
        </button>
      </div>
    </>
  );
}

export default function AddressPage() {
  const t = useT();
  const { list, failed, load } = useAddresses();
  const [editing, setEditing] = useState<Editing>(null);

  const add = () => {
    // The server refuses an eleventh too; saying so before the form is filled spares the effort.
    if (list && list.length >= MAX_ADDRESSES) return void showMessage(t("address.often"));
    setEditing({ address: null });
  };

  const remove = async (address: Address) => {
    if (!(await confirm(t("address.confirmDelete")))) return;
    const answer = await api.call("/user/address/delete", { id: address.id });
    if (!isSuccess(answer)) return showMessage(resultText(t, answer.message));
    await load();
    await showMessage(t("address.deleted"));
  };

  const makeDefault = async (address: Address) => {
    const answer = await api.call("/user/address/default", { id: address.id });
    if (!isSuccess(answer)) return showMessage(resultText(t, answer.message));
    await load();
    await showMessage(t("address.defaultDone"));
  };

  const saved = async () => {
    setEditing(null);
    await load();
    await showMessage(t("address.saved"));
  };

  return (
    <CentreSection
      id="address"
      title={t("centre.menu.address")}
      intro={t("address.intro")}
      tools={
        <>
          {list ? <span className="muted count-note">{t("address.count", { count: list.length, max: MAX_ADDRESSES })}</span> : null}
          <button type="button" className="button button-primary" onClick={add} data-testid="address-add">
            {t("address.add")}
          </button>
        </>
      }
    >
      <CardList
        list={list}
        failed={failed}
        onRetry={() => void load()}
        rowKey={(address) => address.id}
        label={t("centre.menu.address")}
        empty={t("address.empty")}
        itemTestId="address-card"
        cardClass={(address) => (address.isDefault ? "is-marked" : undefined)}
        card={(address) => (
          <AddressCard
            address={address}
            onEdit={() => setEditing({ address })}
            onDelete={() => void remove(address)}
            onDefault={() => void makeDefault(address)}
          />
        )}
      />
      {editing ? <AddressDialog address={editing.address} onClose={() => setEditing(null)} onSaved={() => void saved()} /> : null}
    </CentreSection>
  );
}
