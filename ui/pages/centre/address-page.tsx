// Personal centre > addresses (spec 1 section 2): the member's addresses,
// default first, with add, edit, delete and set default; at most 10.
import { useSnapshot } from "valtio";
import { ADDRESS_TYPE } from "../../../src/protocol/enumerations";
import { MAX_ADDRESSES } from "../../../src/protocol/limits";
import { api } from "../../api";
import { ListEditor, useLoadedList } from "../../components/list-editor";
import { regionText } from "../../components/region-picker";
import { useT } from "../../i18n";
import { maskPhone } from "../../lib/format";
import { session } from "../../state/session";
import { type Address, AddressDialog } from "./address-dialog";

function AddressCard({ address }: { address: Address }) {
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
    </>
  );
}

export default function AddressPage() {
  const t = useT();
  const addresses = useLoadedList<Address>(() => api.call("/user/address/list"));
  return (
    <ListEditor
      {...addresses}
      area="address"
      title={t("centre.menu.address")}
      intro={t("address.intro")}
      max={MAX_ADDRESSES}
      rowKey={(address) => address.id}
      cardClass={(address) => (address.isDefault ? "is-marked" : undefined)}
      card={(address) => <AddressCard address={address} />}
      moreActions={(address, run) =>
        address.isDefault ? null : (
          <button type="button" className="link-button" onClick={() => void run(() => api.call("/user/address/default", { id: address.id }), t("address.defaultDone"))}>
            {t("address.setDefault")}
          </button>
        )
      }
      confirmDelete={() => t("address.confirmDelete")}
      remove={(address) => api.call("/user/address/delete", { id: address.id })}
      editor={(address, close, saved) => <AddressDialog address={address} onClose={close} onSaved={saved} />}
    />
  );
}
