// The banner windows (FUNCTION_ACTIVITY_EDIT): the list pop-up (30 rows a
// page, the spec's paging text) and the banner editor (spec 2 sections 2 and 5).
import { useRef, useState } from "react";
import { useSnapshot } from "valtio";
import type { AnswerOf, ItemOf } from "../../../../src/domains/api";
import { isSuccess } from "../../../../src/protocol/result";
import { BANNER_PAGE_SIZE } from "../../../../src/protocol/limits";
import { api } from "../../../api";
import { DatePicker } from "../../../components/date-picker";
import { CoverField } from "../../../components/image-upload";
import { Dialog } from "../../../components/dialog";
import { type FieldErrors, FormDialog, useFormDialog } from "../../../components/form-dialog";
import { confirm, showMessage } from "../../../components/message-box";
import { Pager } from "../../../components/pager";
import { unescapeAngles } from "../../../../src/protocol/identity";
import { pick, resultText, useT } from "../../../i18n";
// Display windows are China time (spec 2), entered and shown so whatever the editor's zone.
import { formatChinaDateTime, parseChinaDateTime } from "../../../lib/china-time";
import { useLoaded } from "../../../lib/use-loaded";
import { session } from "../../../state/session";
import { Field, timeOrNa, useListPage } from "./shared";

type Banner = ItemOf<"/manager/banner/list">;

export function BannerListWindow({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const { data, setIndex, reload } = useListPage("/manager/banner/list");
  const [editing, setEditing] = useState<number | "new" | null>(null);

  const rows: (Banner | null)[] = [...(data?.list ?? [])];
  while (rows.length < BANNER_PAGE_SIZE) rows.push(null);
  const na = t("homeEdit.na");

  return (
    <Dialog
      title={t("homeEdit.banner.list")}
      onClose={onClose}
      width={760}
      footer={
        <button type="button" className="button button-primary" data-testid="banner-new" onClick={() => setEditing("new")}>
          {t("homeEdit.banner.create")}
        </button>
      }
    >
      <div className="he-table-wrap">
        <table className="he-table" data-testid="banner-table">
          <thead>
            <tr>
              <th scope="col">{t("homeEdit.banner.name")}</th>
              <th scope="col">{t("homeEdit.banner.online")}</th>
              <th scope="col">{t("homeEdit.banner.offline")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((b, i) =>
              b ? (
                <tr key={b.id} data-testid="banner-row">
                  <td>
                    <button type="button" className="link-button he-name" onClick={() => setEditing(b.id)}>
                      {unescapeAngles(pick(language, b.nameZh, b.nameEn))}
                    </button>
                  </td>
                  <td>{timeOrNa(b.show, na)}</td>
                  <td>{timeOrNa(b.hide, na)}</td>
                </tr>
              ) : (
                <tr key={`pad-${i}`} className="he-pad" aria-hidden="true">
                  <td />
                  <td />
                  <td />
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
      {data ? <Pager count={data.count} max={data.max} index={data.index} onChange={setIndex} summary={t("homeEdit.paging", { count: data.count, max: data.max, index: data.index })} summaryTestId="banner-paging" /> : null}
      {editing !== null ? (
        <BannerEditor
          id={editing === "new" ? null : editing}
          onClose={(changed) => {
            setEditing(null);
            if (changed) reload();
          }}
        />
      ) : null}
    </Dialog>
  );
}

type BannerForm = { nameZh: string; nameEn: string; index: string; show: string; hide: string; jump: string; param: string; face: string };
type BannerField = keyof BannerForm;
const BANNER_FIELDS = ["nameZh", "nameEn", "index", "show", "hide", "jump", "param", "face"] as const satisfies readonly BannerField[];
const EMPTY_BANNER: BannerForm = { nameZh: "", nameEn: "", index: "", show: "", hide: "", jump: "", param: "", face: "" };
/** The jump parameter's name, as the editor is asked for it (the server names it again in a refusal). */
const PARAM_NAME = "id";

/** The banner's saved fields as the form shows them, read before the form opens; a new banner's form at once. */
function BannerEditor({ id, onClose }: { id: number | null; onClose: (changed: boolean) => void }) {
  const loaded = useLoaded(
    async (alive) => {
      if (id === null) return EMPTY_BANNER;
      const a = await api.call("/manager/banner/info", { id });
      if (isSuccess(a) && a.info) return bannerFormOf(a.info);
      if (alive()) onClose(true);
      return false;
    },
    [id],
  );
  return loaded ? <BannerEditorForm id={id} initial={loaded} onClose={onClose} /> : null;
}

function bannerFormOf(b: NonNullable<AnswerOf<"/manager/banner/info">["info"]>): BannerForm {
  return {
    nameZh: unescapeAngles(b.nameZh),
    nameEn: unescapeAngles(b.nameEn),
    index: String(b.index),
    show: b.show ? formatChinaDateTime(b.show) : "",
    hide: b.hide ? formatChinaDateTime(b.hide) : "",
    jump: b.jump ? String(b.jump.id) : "",
    param: b.param ?? "",
    face: b.face ?? "",
  };
}

function validateBanner(form: BannerForm): FieldErrors<BannerField> {
  const found: FieldErrors<BannerField> = {};
  if (!form.nameZh.trim()) found.nameZh = "homeEdit.banner.errors.nameZh";
  if (!form.nameEn.trim()) found.nameEn = "homeEdit.banner.errors.nameEn";
  const order = Number(form.index);
  if (form.index.trim() && !(Number.isInteger(order) && order > 0)) found.index = "homeEdit.banner.errors.index";
  const show = parseChinaDateTime(form.show);
  const hide = parseChinaDateTime(form.hide);
  if (show === null) found.show = "homeEdit.banner.errors.show";
  if (hide === null || (show && hide && hide <= show)) found.hide = "homeEdit.banner.errors.hide";
  if (form.jump && !form.param.trim()) found.param = "homeEdit.banner.errors.param";
  return found;
}

function BannerEditorForm({ id, initial, onClose }: { id: number | null; initial: BannerForm; onClose: (changed: boolean) => void }) {
  const t = useT();
  const { language, typeRows } = useSnapshot(session);
  const jumps = typeRows.filter((row) => row.group === "JUMP_KIND");
  // The parameter's name in the last refusal of it.
  const paramName = useRef(PARAM_NAME);

  const editor = useFormDialog<BannerForm, BannerField>({
    id: "banner",
    fields: BANNER_FIELDS,
    initial: () => initial,
    validate: validateBanner,
    send: (form) => {
      const order = Number(form.index);
      const show = parseChinaDateTime(form.show);
      const hide = parseChinaDateTime(form.hide);
      return api.call("/manager/banner/save", {
        params: {
          ...(id === null ? {} : { id }),
          nameZh: form.nameZh.trim(),
          nameEn: form.nameEn.trim(),
          // The order is sent only when it is a number above 0 (spec 2 section 5).
          ...(order > 0 ? { index: order } : {}),
          show: show || null,
          hide: hide || null,
          jump: form.jump ? Number(form.jump) : null,
          param: form.jump ? form.param.trim() : null,
          face: form.face || null,
        },
      });
    },
    accepted: async () => {
      await showMessage(t("homeEdit.saved"));
      onClose(true);
    },
    refused: (message) => {
      const params = message.params as { field?: string; name?: string; reason?: string } | undefined;
      const field = params?.field as BannerField | undefined;
      if (message.code !== "ERROR_PARAMS" || !field || !(field in EMPTY_BANNER)) return { text: resultText(t, message) };
      paramName.current = params?.name ?? PARAM_NAME;
      return { field, error: field === "param" && params?.reason === "target" ? "homeEdit.banner.errors.target" : `homeEdit.banner.errors.${field}` };
    },
    errorParams: () => ({ name: paramName.current }),
  });
  const { form, update, error, described, inputClass } = editor;

  const remove = async () => {
    if (id === null || !(await confirm(t("homeEdit.banner.confirmDelete")))) return;
    const answer = await api.call("/manager/banner/delete", { id });
    if (isSuccess(answer) || answer.message.code === "ERROR_RESULT_NULL") {
      await showMessage(t("homeEdit.deleted"));
      return onClose(true);
    }
    await showMessage(resultText(t, answer.message));
  };

  return (
    <FormDialog
      editor={editor}
      title={id === null ? t("homeEdit.banner.creator") : t("homeEdit.banner.editor")}
      saveLabel={t("homeEdit.save")}
      saveTestId="banner-save"
      onClose={() => onClose(false)}
      width={620}
      className="he-form"
      actions={
        id !== null ? (
          <button type="button" className="button button-quiet he-delete" data-testid="banner-delete" onClick={() => void remove()}>
            {t("homeEdit.delete")}
          </button>
        ) : null
      }
    >
      <div className="he-row">
        <Field id="banner-nameZh" label={t("homeEdit.banner.nameZh")} error={error("nameZh")}>
          <input id="banner-nameZh" className={inputClass("nameZh")} data-autofocus value={form.nameZh} maxLength={100} onChange={(e) => update({ nameZh: e.target.value })} {...described("nameZh")} />
        </Field>
        <Field id="banner-nameEn" label={t("homeEdit.banner.nameEn")} error={error("nameEn")}>
          <input id="banner-nameEn" className={inputClass("nameEn")} value={form.nameEn} maxLength={200} onChange={(e) => update({ nameEn: e.target.value })} {...described("nameEn")} />
        </Field>
      </div>
      <div className="he-row">
        <Field id="banner-index" label={t("homeEdit.banner.index")} error={error("index")}>
          <input id="banner-index" className={inputClass("index")} inputMode="numeric" value={form.index} onChange={(e) => update({ index: e.target.value.replace(/[^\d]/g, "") })} {...described("index")} />
        </Field>
        <div className="field" aria-hidden="true" />
      </div>
      <div className="he-row">
        <Field id="banner-show" label={t("homeEdit.banner.online")} error={error("show")}>
          <DatePicker id="banner-show" mode="datetime" value={form.show} invalid={!!editor.errors.show} describedBy={described("show")["aria-describedby"]} onChange={(show) => update({ show })} />
        </Field>
        <Field id="banner-hide" label={t("homeEdit.banner.offline")} error={error("hide")}>
          <DatePicker id="banner-hide" mode="datetime" value={form.hide} invalid={!!editor.errors.hide} describedBy={described("hide")["aria-describedby"]} onChange={(hide) => update({ hide })} />
        </Field>
      </div>
      <div className="he-row">
        <Field id="banner-jump" label={t("homeEdit.banner.jump")} error={error("jump")}>
          <select id="banner-jump" className="input" value={form.jump} onChange={(e) => update({ jump: e.target.value, ...(e.target.value ? {} : { param: "" }) })}>
            <option value="">{t("homeEdit.banner.noJump")}</option>
            {jumps.map((row) => (
              <option key={row.id} value={row.id}>
                {pick(language, row.nameZh, row.nameEn)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="banner-param" label={t("homeEdit.banner.param")} error={error("param")} hint={form.jump ? t("homeEdit.banner.paramHint", { name: PARAM_NAME }) : undefined}>
          <input id="banner-param" className={inputClass("param")} inputMode="numeric" disabled={!form.jump} value={form.param} maxLength={10} onChange={(e) => update({ param: e.target.value })} {...described("param")} />
        </Field>
      </div>
      <CoverField
        value={form.face || null}
        onChange={(face) => update({ face: face ?? "" })}
        label={t("homeEdit.banner.face")}
        hint={t("homeEdit.banner.faceHint")}
        alt={t("homeEdit.banner.preview")}
        error={editor.errors.face ? t(editor.errors.face) : undefined}
        testId="banner-cover"
      />
    </FormDialog>
  );
}

