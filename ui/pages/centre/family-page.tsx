// Personal centre > family (spec 1 section 2): the member's family, with add,
// edit and delete; at most 15. Relations come from /family/find.
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { ID_TYPE } from "../../../src/protocol/identity";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { CardList } from "../../components/card-list";
import { confirm, showMessage } from "../../components/message-box";
import { pick, resultText, t as translate, useT } from "../../i18n";
import { maskIdentity, maskPhone } from "../../lib/format";
import { session } from "../../state/session";
import { MAX_FAMILY } from "../../../src/protocol/limits";
import { FamilyDialog, type FamilyMember, type Relation } from "./family-dialog";
import { CentreSection } from "./centre-section";

type Editing = { member: FamilyMember | null } | null;

function useFamily() {
  const [list, setList] = useState<FamilyMember[] | null>(null);
  const [relations, setRelations] = useState<Relation[]>([]);
  const [failed, setFailed] = useState(false);
  const load = async () => {
    const [members, found] = await Promise.all([
      api.call("/user/family/list"),
      api.call("/family/find"),
    ]);
    if (isSuccess(found) && found.relations) setRelations(found.relations);
    if (isSuccess(members) && members.list) {
      setList(members.list);
      setFailed(false);
    } else {
      setFailed(true);
      await showMessage(resultText(translate, members.message));
    }
  };
  useEffect(() => void load(), []);
  return { list, relations, failed, load };
}

function FamilyCard({ member, onEdit, onDelete }: { member: FamilyMember; onEdit: () => void; onDelete: () => void }) {
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
      <div className="card-actions">
        <button type="button" className="link-button" onClick={onEdit}>
          {t("family.edit")}
        </button>
        <button type="button" className="link-button link-danger" onClick={onDelete}>
          {t("family.delete")}
        </button>
      </div>
    </>
  );
}

export default function FamilyPage() {
  const t = useT();
  const { list, relations, failed, load } = useFamily();
  const [editing, setEditing] = useState<Editing>(null);

  const add = () => {
    if (list && list.length >= MAX_FAMILY) return void showMessage(t("family.often"));
    setEditing({ member: null });
  };

  const remove = async (member: FamilyMember) => {
    if (!(await confirm(t("family.confirmDelete", { name: member.name })))) return;
    const answer = await api.call("/user/family/delete", { id: member.id });
    if (!isSuccess(answer)) return showMessage(resultText(t, answer.message));
    await load();
    await showMessage(t("family.deleted"));
  };

  const saved = async () => {
    setEditing(null);
    await load();
    await showMessage(t("family.saved"));
  };

  return (
    <CentreSection
      id="family"
      title={t("centre.menu.family")}
      intro={t("family.intro")}
      tools={
        <>
          {list ? <span className="muted count-note">{t("family.count", { count: list.length, max: MAX_FAMILY })}</span> : null}
          <button type="button" className="button button-primary" onClick={add} data-testid="family-add">
            {t("family.add")}
          </button>
        </>
      }
    >
      <CardList
        list={list}
        failed={failed}
        onRetry={() => void load()}
        rowKey={(member) => member.id}
        label={t("centre.menu.family")}
        empty={t("family.empty")}
        itemTestId="family-card"
        card={(member) => <FamilyCard member={member} onEdit={() => setEditing({ member })} onDelete={() => void remove(member)} />}
      />
      {editing ? <FamilyDialog member={editing.member} relations={relations} onClose={() => setEditing(null)} onSaved={() => void saved()} /> : null}
    </CentreSection>
  );
}
