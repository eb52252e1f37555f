// The gift manager (spec 3 sections 2.2 "Gift manager", 3 "Gift", 5 "Gift"):
// search gifts by name (/gift/find), create or edit one (/gift/save: names,
// stock a number or empty, picture), and choose one to associate with the
// family rule being edited ("请先选择礼品" when none is chosen).
import { useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import type { ItemOf } from "../../../../src/domains/api";
import { api } from "../../../api";
import { Dialog } from "../../../components/dialog";
import { type FieldErrors, FormDialog, refusedField, useFormDialog } from "../../../components/form-dialog";
import { CoverField } from "../../../components/image-upload";
import { showMessage } from "../../../components/message-box";
import { pick, resultText, useT } from "../../../i18n";
import { session } from "../../../state/session";

export type Gift = ItemOf<"/gift/find">;

type GiftForm = { nameZh: string; nameEn: string; stock: string; face: string | null };
type GiftField = keyof GiftForm;
// In the order they are on the screen, so the first error gets the focus.
const GIFT_FIELDS: readonly GiftField[] = ["nameZh", "nameEn", "stock", "face"];

function giftErrors(form: GiftForm): FieldErrors<GiftField> {
  const errors: FieldErrors<GiftField> = {};
  if (!form.nameZh.trim()) errors.nameZh = "editor.errors.gift.nameZh";
  if (!form.nameEn.trim()) errors.nameEn = "editor.errors.gift.nameEn";
  // "库存请填写数字或不填"
  if (form.stock.trim() && !/^\d+$/.test(form.stock.trim())) errors.stock = "editor.errors.gift.stock";
  return errors;
}

function GiftDialog({ gift, onSaved, onClose }: { gift: Gift | null; onSaved: (gift: Gift) => void; onClose: () => void }) {
  const t = useT();
  // How many of the gift are given already, when the server refuses a stock below it.
  const used = useRef(0);
  const editor = useFormDialog({
    id: "gift",
    fields: GIFT_FIELDS,
    initial: (): GiftForm => ({ nameZh: gift?.nameZh ?? "", nameEn: gift?.nameEn ?? "", stock: gift?.stock == null ? "" : String(gift.stock), face: gift?.face ?? null }),
    validate: giftErrors,
    send: (form) => api.call("/gift/save", { gift: { ...(gift ? { id: gift.id } : {}), nameZh: form.nameZh.trim(), nameEn: form.nameEn.trim(), stock: form.stock.trim(), face: form.face } }),
    accepted: (answer) => onSaved(answer.gift!),
    // A refused field is said under it, a stock below what is given with its figure; anything else in a message box.
    refused: (message) => {
      const p = message.params ?? {};
      const field = message.code === "ERROR_PARAMS" ? refusedField(message, GIFT_FIELDS) : null;
      if (!field) return { text: resultText(t, message) };
      if (p.reason === "used") used.current = Number(p.used);
      return { field, error: p.reason === "used" ? "editor.errors.belowUsed" : `editor.errors.gift.${field}` };
    },
    errorParams: () => ({ used: used.current }),
  });
  const { form, errors, update, error, described } = editor;
  return (
    <FormDialog editor={editor} title={t(gift ? "editor.gift.editTitle" : "editor.gift.createTitle")} saveLabel={t("editor.save")} saveTestId="gift-save" onClose={onClose} width={560} className="editor-form" testId="gift-editor">
      <div className="editor-row">
        {(["nameZh", "nameEn"] as const).map((field) => (
          <div className="field" key={field}>
            <label htmlFor={`gift-${field}`}>{t(`editor.gift.${field}`)}</label>
            <input id={`gift-${field}`} className={editor.inputClass(field)} value={form[field]} maxLength={100} {...described(field)} onChange={(e) => update({ [field]: e.target.value })} />
            {error(field)}
          </div>
        ))}
      </div>
      <div className="field">
        <label htmlFor="gift-stock">{t("editor.gift.stock")}</label>
        <input id="gift-stock" className={editor.inputClass("stock")} value={form.stock} inputMode="numeric" maxLength={10} {...described("stock", "gift-stock-hint")} onChange={(e) => update({ stock: e.target.value })} />
        <p className="field-hint" id="gift-stock-hint">
          {t("editor.gift.stockHint")}
        </p>
        {error("stock")}
      </div>
      <div className="field editor-cover" data-field="face">
        <CoverField value={form.face} onChange={(face) => update({ face })} label={t("editor.gift.face")} alt={t("editor.gift.face")} error={errors.face ? t(errors.face) : undefined} testId="gift-face" />
      </div>
    </FormDialog>
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
    <>
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
      </Dialog>
      {/* Beside the manager's window, not in it, as every window opened from another. */}
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
    </>
  );
}
