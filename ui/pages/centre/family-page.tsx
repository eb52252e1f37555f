// Personal centre > family (spec 1 section 2): the member's family, with add,
// edit and delete; at most 15. Relations come from /family/find.
import { useState } from "react";
import { useSnapshot } from "valtio";
import { ID_TYPE } from "../../../src/protocol/identity";
import { MAX_FAMILY } from "../../../src/protocol/limits";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { ListEditor, useLoadedList } from "../../components/list-editor";
import { pick, useT } from "../../i18n";
import { maskIdentity, maskPhone } from "../../lib/format";
import { session } from "../../state/session";
import { FamilyDialog, type FamilyMember, type Relation } from "./family-dialog";

function FamilyCard({ member }: { member: FamilyMember }) {
  const t = useT();
  const { language } = useSnapshot(session);
  // Gender and birthday are short and share a line; the phone and the document number get one each.
  const facts: [string, string][] = [
    [t("family.sex"), t(member.sex === 1 ? "family.female" : "family.male")],
    [t("family.birthday"), member.birthday ?? "—"],
    [t("family.phone"), member.phone ? maskPhone(member.phone) : "—"],
    [t(member.idType === ID_TYPE.NATIONAL ? "family.idCard" : "family.passport"), maskIdentity(member.identity)],
  ];
  return (
    <>
      <div className="list-card-head">
        <span className="list-card-title">{member.name}</span>
        <span className="badge">{pick(language, member.relation?.nameZh, member.relation?.nameEn)}</span>
      </div>
      <dl className="fact-list">
        {facts.map(([term, value], i) => (
          <div key={term} className={i >= 2 ? "fact-wide" : undefined}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

export default function FamilyPage() {
  const t = useT();
  const [relations, setRelations] = useState<Relation[]>([]);
  // The relations are read with the list, so an editor opened after a reload has them fresh.
  const family = useLoadedList<FamilyMember>(async () => {
    const [members, found] = await Promise.all([api.call("/user/family/list"), api.call("/family/find")]);
    if (isSuccess(found) && found.relations) setRelations(found.relations);
    return members;
  });
  return (
    <ListEditor
      {...family}
      area="family"
      title={t("centre.menu.family")}
      intro={t("family.intro")}
      max={MAX_FAMILY}
      rowKey={(member) => member.id}
      card={(member) => <FamilyCard member={member} />}
      confirmDelete={(member) => t("family.confirmDelete", { name: member.name })}
      remove={(member) => api.call("/user/family/delete", { id: member.id })}
      editor={(member, close, saved) => <FamilyDialog member={member} relations={relations} onClose={close} onSaved={saved} />}
    />
  );
}
