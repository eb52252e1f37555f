// The gift manager (spec 3 sections 2.2 "Gift manager", 3 "Gift", 5 "Gift"):
// search gifts by name (/gift/find), create or edit one (/gift/save: names,
// stock a number or empty, picture), and choose one to associate with the
// family rule being edited ("请先选择礼品" when none is chosen).
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { ItemOf } from "../../../../src/domains/api";
import { api } from "../../../api";
import { Dialog } from "../../../components/dialog";
import { CoverField } from "../../../components/image-upload";
import { showMessage } from "../../../components/message-box";
import { dataKey, pick, resultText, useT } from "../../../i18n";
import { session } from "../../../state/session";

export type Gift = ItemOf<"/gift/find">;

function GiftDialog({ gift, onSaved, onClose }: { gift: Gift | null; onSaved: (gift: Gift) => void; onClose: () => void }) {
  const t = useT();
  const [form, setForm] = useState({ nameZh: gift?.nameZh ?? "", nameEn: gift?.nameEn ?? "", stock: gift?.stock == null ? "" : String(gift.stock), face: gift?.face ?? null });
  const save = async () => {
    if (!form.nameZh.trim()) return showMessage(t("editor.errors.gift.nameZh"));
    if (!form.nameEn.trim()) return showMessage(t("editor.errors.gift.nameEn"));
    // "库存请填写数字或不填"
    if (form.stock.trim() && !/^\d+$/.test(form.stock.trim())) return showMessage(t("editor.errors.gift.stock"));
    const answer = await api.call("/gift/save", { gift: { ...(gift ? { id: gift.id } : {}), nameZh: form.nameZh.trim(), nameEn: form.nameEn.trim(), stock: form.stock.trim(), face: form.face } });
    if (answer.message.code !== "SUCCESS" || !answer.gift) {
      const p = answer.message.params;
      return showMessage(p?.reason === "used" ? t("editor.errors.belowUsed", { used: Number(p.used) }) : p?.field ? t(dataKey("editor.errors.gift", String(p.field))) : resultText(t, answer.message));
    }
    onSaved(answer.gift);
  };
  return (
    <Dialog
      title={t(gift ? "editor.gift.editTitle" : "editor.gift.createTitle")}
      onClose={onClose}
      width={560}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="button" className="button button-primary" onClick={() => void save()} data-testid="gift-save">
            {t("editor.save")}
          </button>
        </>
      }
    >
      <div className="editor-form" data-testid="gift-editor">
        <div className="editor-row">
          {(["nameZh", "nameEn"] as const).map((field) => (
            <div className="field" key={field}>
              <label htmlFor={`gift-${field}`}>{t(`editor.gift.${field}`)}</label>
              <input id={`gift-${field}`} className="input" value={form[field]} maxLength={100} onChange={(e) => setForm({ ...form, [field]: e.target.value })} />
            </div>
          ))}
        </div>
        <div className="field">
          <label htmlFor="gift-stock">{t("editor.gift.stock")}</label>
          <input id="gift-stock" className="input" value={form.stock} inputMode="numeric" maxLength={10} aria-describedby="gift-stock-hint" onChange={(e) => setForm({ ...form, stock: e.target.value })} />
          <p className="field-hint" id="gift-stock-hint">
            {t("editor.gift.stockHint")}
          </p>
        </div>
        <div className="field editor-cover">
          <CoverField value={form.face} onChange={(face) => setForm({ ...form, face })} label={t("editor.gift.face")} alt={t("editor.gift.face")} testId="gift-face" />
        </div>
      </div>
    </Dialog>
  );
}

export function GiftManager({ chosen, onAssociate, onClose }: { chosen: readonly number[]; onAssociate: (gift: Gift) => void; onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [name, setName] = useState("");
  const [list, setList] = useState<Gift[]>([]);
  const [picked, setPicked] = useState<Gift | null>(null);
  const [editing, setEditing] = useState<{ gift: Gift | null } | null>(null);
  const find = async (text = name) => {
    const answer = await api.call("/gift/find", { name: text.trim() });
    setList(answer.list ?? []);
  };
  useEffect(() => void find(""), []);
  const associate = async () => {
    if (!picked) return showMessage(t("editor.errors.relationships.noGift"));
    // "该家属已关联此礼品"
    if (chosen.includes(picked.id)) return showMessage(t("editor.errors.relationships.giftTwice"));
    onAssociate(picked);
  };
  const left = (g: Gift) => (g.stock === null ? t("editor.gift.unlimited") : `${g.remaining ?? 0} / ${g.stock}`);

  return (
    <Dialog
      title={t("editor.gift.title")}
      onClose={onClose}
      width={720}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={() => setEditing({ gift: null })} data-testid="gift-create">
            {t("editor.gift.create")}
          </button>
          <button type="button" className="button button-primary" onClick={() => void associate()} data-testid="gift-associate">
            {t("editor.gift.associate")}
          </button>
        </>
      }
    >
      <div className="editor-form" data-testid="gift-manager">
        <div className="editor-inline">
          <input aria-label={t("editor.gift.search")} placeholder={t("editor.gift.search")} className="input" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), void find())} />
          <button type="button" className="button button-quiet" onClick={() => void find()}>
            {t("editor.gift.find")}
          </button>
        </div>
        {list.length ? (
          <ul className="editor-rows" data-testid="gift-list">
            {list.map((g) => (
              <li key={g.id} className={`editor-item${picked?.id === g.id ? " editor-item-picked" : ""}`}>
                <div className="editor-item-main">
                  {g.face ? <img className="editor-thumb" src={g.face} alt="" /> : null}
                  <strong>{pick(language, g.nameZh, g.nameEn)}</strong>
                  <span className="editor-muted">
                    {t("editor.gift.remaining", { left: left(g) })}
                  </span>
                </div>
                <div className="editor-item-actions">
                  <button type="button" className="link-button" aria-pressed={picked?.id === g.id} onClick={() => setPicked(g)}>
                    {picked?.id === g.id ? t("editor.gift.chosen") : t("editor.gift.choose")}
                  </button>
                  <button type="button" className="link-button" onClick={() => setEditing({ gift: g })}>
                    {t("editor.edit")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="field-hint">{t("editor.gift.none")}</p>
        )}
      </div>
      {editing ? (
        <GiftDialog
          gift={editing.gift}
          onClose={() => setEditing(null)}
          onSaved={(gift) => {
            setEditing(null);
            setPicked(gift);
            setList([gift, ...list.filter((g) => g.id !== gift.id)]);
          }}
        />
      ) : null}
    </Dialog>
  );
}
