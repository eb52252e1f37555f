// The home page's editing windows (FUNCTION_ACTIVITY_EDIT), a lazy chunk with
// its own stylesheet (home-edit.css): the banner list pop-up (30 rows a page,
// the spec's paging text), the banner editor (spec 2 sections 2 and 5), and
// the announcement list with its editor.
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { AnswerOf, ItemOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { BANNER_PAGE_SIZE } from "../../../src/protocol/limits";
import { api } from "../../api";
import { DatePicker } from "../../components/date-picker";
import { CoverField } from "../../components/image-upload";
import { Dialog } from "../../components/dialog";
import { confirm, showMessage } from "../../components/message-box";
import { unescapeAngles } from "../../../src/protocol/identity";
import { pick, useT } from "../../i18n";
// Display windows are China time (spec 2), entered and shown so whatever the editor's zone.
import { formatChinaDateTime, parseChinaDateTime } from "../../lib/china-time";
import { session } from "../../state/session";
import { paragraphsOf } from "./announcement";

type Banner = ItemOf<"/manager/banner/list">;
type Announcement = ItemOf<"/manager/announcement/list">;

/** yyyy-MM-dd HH:mm China time, the day kept on one line when a narrow column wraps; N/A when there is none. */
const timeOrNa = (iso: string | null, na: string) => {
  if (!iso) return na;
  const [day, time] = formatChinaDateTime(iso).split(" ");
  return (
    <>
      <span className="he-day">{day}</span> {time}
    </>
  );
};

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? <p className="he-hint">{hint}</p> : null}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The paging bar of the banner list: previous, next and 'total N records M pages, currently page X'. */
function PagingBar({ count, max, index, onChange }: { count: number; max: number; index: number; onChange: (index: number) => void }) {
  const t = useT();
  return (
    <div className="he-paging">
      <button type="button" className="button button-quiet" disabled={index <= 1} onClick={() => onChange(index - 1)}>
        {t("homeEdit.previous")}
      </button>
      <span className="he-paging-text" data-testid="banner-paging">
        {t("homeEdit.paging", { count, max, index })}
      </span>
      <button type="button" className="button button-quiet" disabled={index >= max} onClick={() => onChange(index + 1)}>
        {t("homeEdit.next")}
      </button>
    </div>
  );
}

export function BannerListWindow({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [index, setIndex] = useState(1);
  const [data, setData] = useState<AnswerOf<"/manager/banner/list"> | null>(null);
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    void api.call("/manager/banner/list", { index }).then((a) => live && isSuccess(a) && setData(a as AnswerOf<"/manager/banner/list">));
    return () => {
      live = false;
    };
  }, [index, version]);

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
      {data ? <PagingBar count={data.count} max={data.max} index={data.index} onChange={setIndex} /> : null}
      {editing !== null ? (
        <BannerEditor
          id={editing === "new" ? null : editing}
          onClose={(changed) => {
            setEditing(null);
            if (changed) setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </Dialog>
  );
}

type BannerForm = { nameZh: string; nameEn: string; index: string; show: string; hide: string; jump: string; param: string; face: string };
type BannerField = keyof BannerForm;
const EMPTY_BANNER: BannerForm = { nameZh: "", nameEn: "", index: "", show: "", hide: "", jump: "", param: "", face: "" };

function BannerEditor({ id, onClose }: { id: number | null; onClose: (changed: boolean) => void }) {
  const t = useT();
  const { language, typeRows } = useSnapshot(session);
  const [form, setForm] = useState<BannerForm | null>(id === null ? EMPTY_BANNER : null);
  const [errors, setErrors] = useState<Partial<Record<BannerField, string>>>({});
  const [busy, setBusy] = useState(false);
  const jumps = typeRows.filter((row) => row.group === "JUMP_KIND");

  useEffect(() => {
    if (id === null) return;
    let live = true;
    void api.call("/manager/banner/info", { id }).then((a) => {
      if (!live) return;
      if (!isSuccess(a) || !a.info) return onClose(true);
      const b = a.info;
      setForm({
        nameZh: unescapeAngles(b.nameZh),
        nameEn: unescapeAngles(b.nameEn),
        index: String(b.index),
        show: b.show ? formatChinaDateTime(b.show) : "",
        hide: b.hide ? formatChinaDateTime(b.hide) : "",
        jump: b.jump ? String(b.jump.id) : "",
        param: b.param ?? "",
        face: b.face ?? "",
      });
    });
    return () => {
      live = false;
    };
  }, [id]);

  if (!form) return null;
  const update = (patch: Partial<BannerForm>) => {
    setForm({ ...form, ...patch });
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as BannerField];
      return next;
    });
  };
  const paramName = "id";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<BannerField, string>> = {};
    const nameZh = form.nameZh.trim();
    const nameEn = form.nameEn.trim();
    if (!nameZh) found.nameZh = t("homeEdit.banner.errors.nameZh");
    if (!nameEn) found.nameEn = t("homeEdit.banner.errors.nameEn");
    const order = Number(form.index);
    if (form.index.trim() && !(Number.isInteger(order) && order > 0)) found.index = t("homeEdit.banner.errors.index");
    const show = parseChinaDateTime(form.show);
    const hide = parseChinaDateTime(form.hide);
    if (show === null) found.show = t("homeEdit.banner.errors.show");
    if (hide === null || (show && hide && hide <= show)) found.hide = t("homeEdit.banner.errors.hide");
    if (form.jump && !form.param.trim()) found.param = t("homeEdit.banner.errors.param", { name: paramName });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const answer = await api.call("/manager/banner/save", {
      params: {
        ...(id === null ? {} : { id }),
        nameZh,
        nameEn,
        // The order is sent only when it is a number above 0 (spec 2 section 5).
        ...(order > 0 ? { index: order } : {}),
        show: show || null,
        hide: hide || null,
        jump: form.jump ? Number(form.jump) : null,
        param: form.jump ? form.param.trim() : null,
        face: form.face || null,
      },
    });
    setBusy(false);
    if (isSuccess(answer)) {
      await showMessage(t("homeEdit.saved"));
      return onClose(true);
    }
    const params = answer.message.params as { field?: string; name?: string; reason?: string } | undefined;
    const field = params?.field as BannerField | undefined;
    if (answer.message.code === "ERROR_PARAMS" && field && field in EMPTY_BANNER) {
      const text =
        field === "param" ? (params?.reason === "target" ? t("homeEdit.banner.errors.target") : t("homeEdit.banner.errors.param", { name: params?.name ?? paramName })) : t(`homeEdit.banner.errors.${field}`);
      setErrors({ [field]: text });
    } else await showMessage(t(`result.${answer.message.code}`));
  };

  const remove = async () => {
    if (id === null || !(await confirm(t("homeEdit.banner.confirmDelete")))) return;
    const answer = await api.call("/manager/banner/delete", { id });
    if (isSuccess(answer) || answer.message.code === "ERROR_RESULT_NULL") {
      await showMessage(t("homeEdit.deleted"));
      return onClose(true);
    }
    await showMessage(t(`result.${answer.message.code}`));
  };

  const described = (field: BannerField) => (errors[field] ? { "aria-invalid": true as const, "aria-describedby": `banner-${field}-error` } : {});

  return (
    <Dialog
      title={id === null ? t("homeEdit.banner.creator") : t("homeEdit.banner.editor")}
      onClose={() => onClose(false)}
      width={620}
      footer={
        <>
          {id !== null ? (
            <button type="button" className="button button-quiet he-delete" data-testid="banner-delete" onClick={() => void remove()}>
              {t("homeEdit.delete")}
            </button>
          ) : null}
          <button type="button" className="button button-quiet" onClick={() => onClose(false)}>
            {t("common.cancel")}
          </button>
          <button type="submit" form="banner-form" className="button button-primary" disabled={busy} data-testid="banner-save">
            {t("homeEdit.save")}
          </button>
        </>
      }
    >
      <form id="banner-form" className="he-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="he-row">
          <Field id="banner-nameZh" label={t("homeEdit.banner.nameZh")} error={errors.nameZh}>
            <input id="banner-nameZh" className={`input${errors.nameZh ? " input-invalid" : ""}`} data-autofocus value={form.nameZh} maxLength={100} onChange={(e) => update({ nameZh: e.target.value })} {...described("nameZh")} />
          </Field>
          <Field id="banner-nameEn" label={t("homeEdit.banner.nameEn")} error={errors.nameEn}>
            <input id="banner-nameEn" className={`input${errors.nameEn ? " input-invalid" : ""}`} value={form.nameEn} maxLength={200} onChange={(e) => update({ nameEn: e.target.value })} {...described("nameEn")} />
          </Field>
        </div>
        <div className="he-row">
          <Field id="banner-index" label={t("homeEdit.banner.index")} error={errors.index}>
            <input id="banner-index" className={`input${errors.index ? " input-invalid" : ""}`} inputMode="numeric" value={form.index} onChange={(e) => update({ index: e.target.value.replace(/[^\d]/g, "") })} {...described("index")} />
          </Field>
          <div className="field" aria-hidden="true" />
        </div>
        <div className="he-row">
          <Field id="banner-show" label={t("homeEdit.banner.online")} error={errors.show}>
            <DatePicker id="banner-show" mode="datetime" value={form.show} invalid={!!errors.show} describedBy={errors.show ? "banner-show-error" : undefined} onChange={(show) => update({ show })} />
          </Field>
          <Field id="banner-hide" label={t("homeEdit.banner.offline")} error={errors.hide}>
            <DatePicker id="banner-hide" mode="datetime" value={form.hide} invalid={!!errors.hide} describedBy={errors.hide ? "banner-hide-error" : undefined} onChange={(hide) => update({ hide })} />
          </Field>
        </div>
        <div className="he-row">
          <Field id="banner-jump" label={t("homeEdit.banner.jump")} error={errors.jump}>
            <select id="banner-jump" className="input" value={form.jump} onChange={(e) => update({ jump: e.target.value, ...(e.target.value ? {} : { param: "" }) })}>
              <option value="">{t("homeEdit.banner.noJump")}</option>
              {jumps.map((row) => (
                <option key={row.id} value={row.id}>
                  {pick(language, row.nameZh, row.nameEn)}
                </option>
              ))}
            </select>
          </Field>
          <Field id="banner-param" label={t("homeEdit.banner.param")} error={errors.param} hint={form.jump ? t("homeEdit.banner.paramHint", { name: paramName }) : undefined}>
            <input id="banner-param" className={`input${errors.param ? " input-invalid" : ""}`} inputMode="numeric" disabled={!form.jump} value={form.param} maxLength={10} onChange={(e) => update({ param: e.target.value })} {...described("param")} />
          </Field>
        </div>
        <CoverField
          value={form.face || null}
          onChange={(face) => update({ face: face ?? "" })}
          label={t("homeEdit.banner.face")}
          hint={t("homeEdit.banner.faceHint")}
          alt={t("homeEdit.banner.preview")}
          error={errors.face}
          testId="banner-cover"
        />
      </form>
    </Dialog>
  );
}

export function AnnouncementWindow({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [index, setIndex] = useState(1);
  const [data, setData] = useState<AnswerOf<"/manager/announcement/list"> | null>(null);
  const [editing, setEditing] = useState<Announcement | "new" | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    void api.call("/manager/announcement/list", { index }).then((a) => live && isSuccess(a) && setData(a as AnswerOf<"/manager/announcement/list">));
    return () => {
      live = false;
    };
  }, [index, version]);

  const remove = async (row: Announcement) => {
    if (!(await confirm(t("homeEdit.announcement.confirmDelete")))) return;
    const answer = await api.call("/manager/announcement/delete", { id: row.id });
    await showMessage(isSuccess(answer) || answer.message.code === "ERROR_RESULT_NULL" ? t("homeEdit.deleted") : t(`result.${answer.message.code}`));
    setVersion((v) => v + 1);
  };

  return (
    <Dialog
      title={t("homeEdit.announcement.list")}
      onClose={onClose}
      width={720}
      footer={
        <button type="button" className="button button-primary" data-testid="announcement-new" onClick={() => setEditing("new")}>
          {t("homeEdit.announcement.create")}
        </button>
      }
    >
      <p className="he-hint">{t("homeEdit.announcement.intro")}</p>
      {data && data.list.length === 0 ? <p className="he-empty">{t("homeEdit.announcement.empty")}</p> : null}
      {data && data.list.length > 0 ? (
        <ul className="he-announcements">
          {data.list.map((row) => (
            <li key={row.id} data-testid="announcement-row">
              <div className="he-announcement-text">
                <strong>{unescapeAngles(pick(language, row.titleZh, row.titleEn))}</strong>
                <span className="he-hint">
                  {formatChinaDateTime(row.show)} – {formatChinaDateTime(row.hide)}
                </span>
              </div>
              <div className="he-announcement-actions">
                <button type="button" className="button button-quiet" onClick={() => setEditing(row)}>
                  {t("homeEdit.edit")}
                </button>
                <button type="button" className="button button-quiet he-delete" onClick={() => void remove(row)}>
                  {t("homeEdit.delete")}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {data && data.max > 1 ? <PagingBar count={data.count} max={data.max} index={data.index} onChange={setIndex} /> : null}
      {editing !== null ? (
        <AnnouncementEditor
          row={editing === "new" ? null : editing}
          onClose={(changed) => {
            setEditing(null);
            if (changed) setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </Dialog>
  );
}

type AnnouncementForm = { titleZh: string; titleEn: string; bodyZh: string; bodyEn: string; show: string; hide: string };
type AnnouncementField = keyof AnnouncementForm;

function AnnouncementEditor({ row, onClose }: { row: Announcement | null; onClose: (changed: boolean) => void }) {
  const t = useT();
  const [form, setForm] = useState<AnnouncementForm>(() =>
    row
      ? {
          titleZh: unescapeAngles(row.titleZh),
          titleEn: unescapeAngles(row.titleEn),
          bodyZh: paragraphsOf(row.bodyZh).join("\n"),
          bodyEn: paragraphsOf(row.bodyEn).join("\n"),
          show: formatChinaDateTime(row.show),
          hide: formatChinaDateTime(row.hide),
        }
      : { titleZh: "", titleEn: "", bodyZh: "", bodyEn: "", show: "", hide: "" },
  );
  const [errors, setErrors] = useState<Partial<Record<AnnouncementField, string>>>({});
  const [busy, setBusy] = useState(false);
  const update = (patch: Partial<AnnouncementForm>) => {
    setForm({ ...form, ...patch });
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as AnnouncementField];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<AnnouncementField, string>> = {};
    for (const f of ["titleZh", "titleEn", "bodyZh", "bodyEn"] as const) if (!form[f].trim()) found[f] = t(`homeEdit.announcement.errors.${f}`);
    const show = parseChinaDateTime(form.show);
    const hide = parseChinaDateTime(form.hide);
    if (!show) found.show = t("homeEdit.announcement.errors.show");
    if (!hide || (show && hide <= show)) found.hide = t("homeEdit.announcement.errors.hide");
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const answer = await api.call("/manager/announcement/save", {
      announcement: { ...(row ? { id: row.id } : {}), titleZh: form.titleZh, titleEn: form.titleEn, bodyZh: form.bodyZh, bodyEn: form.bodyEn, show: show as string, hide: hide as string },
    });
    setBusy(false);
    if (isSuccess(answer)) {
      await showMessage(t("homeEdit.saved"));
      return onClose(true);
    }
    const field = (answer.message.params as { field?: string } | undefined)?.field as AnnouncementField | undefined;
    if (answer.message.code === "ERROR_PARAMS" && field) setErrors({ [field]: t(`homeEdit.announcement.errors.${field}`) });
    else await showMessage(t(`result.${answer.message.code}`));
  };

  const input = (field: "titleZh" | "titleEn") => (
    <Field id={`announcement-${field}`} label={t(`homeEdit.announcement.${field}`)} error={errors[field]}>
      <input id={`announcement-${field}`} className={`input${errors[field] ? " input-invalid" : ""}`} value={form[field]} maxLength={100} onChange={(e) => update({ [field]: e.target.value })} aria-invalid={errors[field] ? true : undefined} />
    </Field>
  );
  const text = (field: "bodyZh" | "bodyEn") => (
    <Field id={`announcement-${field}`} label={t(`homeEdit.announcement.${field}`)} error={errors[field]} hint={t("homeEdit.announcement.bodyHint")}>
      <textarea id={`announcement-${field}`} className={`input he-textarea${errors[field] ? " input-invalid" : ""}`} rows={6} value={form[field]} maxLength={5000} onChange={(e) => update({ [field]: e.target.value })} aria-invalid={errors[field] ? true : undefined} />
    </Field>
  );

  return (
    <Dialog
      title={row ? t("homeEdit.announcement.editor") : t("homeEdit.announcement.creator")}
      onClose={() => onClose(false)}
      width={640}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={() => onClose(false)}>
            {t("common.cancel")}
          </button>
          <button type="submit" form="announcement-form" className="button button-primary" disabled={busy} data-testid="announcement-save">
            {t("homeEdit.save")}
          </button>
        </>
      }
    >
      <form id="announcement-form" className="he-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="he-row">
          {input("titleZh")}
          {input("titleEn")}
        </div>
        <div className="he-row">
          {text("bodyZh")}
          {text("bodyEn")}
        </div>
        <div className="he-row">
          <Field id="announcement-show" label={t("homeEdit.announcement.show")} error={errors.show}>
            <DatePicker id="announcement-show" mode="datetime" value={form.show} invalid={!!errors.show} onChange={(show) => update({ show })} />
          </Field>
          <Field id="announcement-hide" label={t("homeEdit.announcement.hide")} error={errors.hide}>
            <DatePicker id="announcement-hide" mode="datetime" value={form.hide} invalid={!!errors.hide} onChange={(hide) => update({ hide })} />
          </Field>
        </div>
      </form>
    </Dialog>
  );
}
