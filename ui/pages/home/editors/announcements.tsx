// The announcement windows (FUNCTION_ACTIVITY_EDIT): the list and its editor.
import { useState } from "react";
import { useSnapshot } from "valtio";
import type { ItemOf } from "../../../../src/domains/api";
import { isSuccess } from "../../../../src/protocol/result";
import { api } from "../../../api";
import { DatePicker } from "../../../components/date-picker";
import { Dialog } from "../../../components/dialog";
import { type FieldErrors, FormDialog, refusedField, useFormDialog } from "../../../components/form-dialog";
import { confirm, showMessage } from "../../../components/message-box";
import { Pager } from "../../../components/pager";
import { unescapeAngles } from "../../../../src/protocol/identity";
import { pick, resultText, useT } from "../../../i18n";
// Display windows are China time (spec 2), entered and shown so whatever the editor's zone.
import { formatChinaDateTime, parseChinaDateTime } from "../../../lib/china-time";
import { session } from "../../../state/session";
import { paragraphsOf } from "../announcement";
import { Field, timeOrNa, useListPage } from "./shared";

type Announcement = ItemOf<"/manager/announcement/list">;

export function AnnouncementWindow({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const { data, setIndex, reload } = useListPage("/manager/announcement/list");
  const [editing, setEditing] = useState<Announcement | "new" | null>(null);

  const remove = async (row: Announcement) => {
    if (!(await confirm(t("homeEdit.announcement.confirmDelete")))) return;
    const answer = await api.call("/manager/announcement/delete", { id: row.id });
    await showMessage(isSuccess(answer) || answer.message.code === "ERROR_RESULT_NULL" ? t("homeEdit.deleted") : resultText(t, answer.message));
    reload();
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
      {data && data.max > 1 ? <Pager count={data.count} max={data.max} index={data.index} onChange={setIndex} summary={t("homeEdit.paging", { count: data.count, max: data.max, index: data.index })} /> : null}
      {editing !== null ? (
        <AnnouncementEditor
          row={editing === "new" ? null : editing}
          onClose={(changed) => {
            setEditing(null);
            if (changed) reload();
          }}
        />
      ) : null}
    </Dialog>
  );
}

type AnnouncementForm = { titleZh: string; titleEn: string; bodyZh: string; bodyEn: string; show: string; hide: string };
type AnnouncementField = keyof AnnouncementForm;
const ANNOUNCEMENT_FIELDS = ["titleZh", "titleEn", "bodyZh", "bodyEn", "show", "hide"] as const satisfies readonly AnnouncementField[];

const announcementFormOf = (row: Announcement | null): AnnouncementForm =>
  row
    ? {
        titleZh: unescapeAngles(row.titleZh),
        titleEn: unescapeAngles(row.titleEn),
        bodyZh: paragraphsOf(row.bodyZh).join("\n"),
        bodyEn: paragraphsOf(row.bodyEn).join("\n"),
        show: formatChinaDateTime(row.show),
        hide: formatChinaDateTime(row.hide),
      }
    : { titleZh: "", titleEn: "", bodyZh: "", bodyEn: "", show: "", hide: "" };

function validateAnnouncement(form: AnnouncementForm): FieldErrors<AnnouncementField> {
  const found: FieldErrors<AnnouncementField> = {};
  for (const f of ["titleZh", "titleEn", "bodyZh", "bodyEn"] as const) if (!form[f].trim()) found[f] = `homeEdit.announcement.errors.${f}`;
  const show = parseChinaDateTime(form.show);
  const hide = parseChinaDateTime(form.hide);
  if (!show) found.show = "homeEdit.announcement.errors.show";
  if (!hide || (show && hide <= show)) found.hide = "homeEdit.announcement.errors.hide";
  return found;
}

function AnnouncementEditor({ row, onClose }: { row: Announcement | null; onClose: (changed: boolean) => void }) {
  const t = useT();
  const editor = useFormDialog<AnnouncementForm, AnnouncementField>({
    id: "announcement",
    fields: ANNOUNCEMENT_FIELDS,
    initial: () => announcementFormOf(row),
    validate: validateAnnouncement,
    send: (form) =>
      api.call("/manager/announcement/save", {
        announcement: { ...(row ? { id: row.id } : {}), titleZh: form.titleZh, titleEn: form.titleEn, bodyZh: form.bodyZh, bodyEn: form.bodyEn, show: parseChinaDateTime(form.show)!, hide: parseChinaDateTime(form.hide)! },
      }),
    accepted: async () => {
      await showMessage(t("homeEdit.saved"));
      onClose(true);
    },
    refused: (message) => {
      const field = refusedField(message, ANNOUNCEMENT_FIELDS);
      return message.code === "ERROR_PARAMS" && field ? { field, error: `homeEdit.announcement.errors.${field}` } : { text: resultText(t, message) };
    },
  });
  const { form, update, error, described, inputClass } = editor;

  const input = (field: "titleZh" | "titleEn") => (
    <Field id={`announcement-${field}`} label={t(`homeEdit.announcement.${field}`)} error={error(field)}>
      <input id={`announcement-${field}`} className={inputClass(field)} value={form[field]} maxLength={100} onChange={(e) => update({ [field]: e.target.value })} {...described(field)} />
    </Field>
  );
  const text = (field: "bodyZh" | "bodyEn") => (
    <Field id={`announcement-${field}`} label={t(`homeEdit.announcement.${field}`)} error={error(field)} hint={t("homeEdit.announcement.bodyHint")}>
      <textarea id={`announcement-${field}`} className={inputClass(field, "input he-textarea")} rows={6} value={form[field]} maxLength={5000} onChange={(e) => update({ [field]: e.target.value })} {...described(field)} />
    </Field>
  );

  return (
    <FormDialog
      editor={editor}
      title={row ? t("homeEdit.announcement.editor") : t("homeEdit.announcement.creator")}
      saveLabel={t("homeEdit.save")}
      saveTestId="announcement-save"
      onClose={() => onClose(false)}
      width={640}
      className="he-form"
    >
      <div className="he-row">
        {input("titleZh")}
        {input("titleEn")}
      </div>
      <div className="he-row">
        {text("bodyZh")}
        {text("bodyEn")}
      </div>
      <div className="he-row">
        <Field id="announcement-show" label={t("homeEdit.announcement.show")} error={error("show")}>
          <DatePicker id="announcement-show" mode="datetime" value={form.show} invalid={!!editor.errors.show} describedBy={described("show")["aria-describedby"]} onChange={(show) => update({ show })} />
        </Field>
        <Field id="announcement-hide" label={t("homeEdit.announcement.hide")} error={error("hide")}>
          <DatePicker id="announcement-hide" mode="datetime" value={form.hide} invalid={!!editor.errors.hide} describedBy={described("hide")["aria-describedby"]} onChange={(hide) => update({ hide })} />
        </Field>
      </div>
    </FormDialog>
  );
}
