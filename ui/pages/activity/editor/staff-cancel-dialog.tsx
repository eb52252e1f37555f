// The officer's cancel of a member's order, from the staff order detail
// (docs/decisions.md 113): a reason is required; the server gives back what
// the order took and marks a paid order's money owed back.
import { CANCEL_REASON_MAX } from "../../../../src/protocol/limits";
import { useT } from "../../../i18n";
import { api } from "../../../api";
import { FormDialog, ReasonField, refusedField, useFormDialog } from "../../../components/form-dialog";

const FIELDS = ["reason"] as const;

export function StaffCancelDialog({ id, trade, onClose, onCancelled }: { id: number; trade: string; onClose: () => void; onCancelled: () => void }) {
  const t = useT();
  const editor = useFormDialog({
    id: "staff-cancel",
    fields: FIELDS,
    initial: () => ({ reason: "" }),
    validate: (f) => (f.reason.trim() ? {} : { reason: "editor.orderAdmin.cancel.reasonMissing" }),
    send: (f) => api.call("/order/activity/cancel", { id, reason: f.reason.trim() }),
    accepted: onCancelled,
    refused: (message) => (message.code === "ERROR_PARAMS" && refusedField(message, FIELDS) ? { field: "reason", error: "editor.orderAdmin.cancel.reasonMissing" } : null),
  });
  return (
    <FormDialog editor={editor} title={t("editor.orderAdmin.cancel.title", { trade })} saveLabel={t("editor.orderAdmin.cancel.confirm")} onClose={onClose} className="staff-cancel-form" testId="staff-cancel">
      <p className="muted">{t("editor.orderAdmin.cancel.explain")}</p>
      <ReasonField editor={editor} label={t("editor.orderAdmin.cancel.reason")} max={CANCEL_REASON_MAX} />
    </FormDialog>
  );
}
