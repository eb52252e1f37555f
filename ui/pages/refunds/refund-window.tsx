// Refunding money owed back (docs/decisions.md 114), shared by the staff
// order detail and the refunds page: the window that asks for the reason and
// sends the refund, and the line that says where a refund stands. The server
// refunds the whole amount paid, once; a failed refund is asked for again
// under the same number.
import type { AnswerOf } from "../../../src/domains/api";
import { REFUND_STATE } from "../../../src/protocol/enumerations";
import { REFUND_REASON_MAX } from "../../../src/protocol/limits";
import { api } from "../../api";
import { FormDialog, ReasonField, refusedField, useFormDialog } from "../../components/form-dialog";
import { showMessage } from "../../components/message-box";
import { type TextName, type Translate, isOneOf, useT } from "../../i18n";
import { formatChinaDateTime } from "../../lib/china-time";
import { formatYuan } from "../../lib/format";

export type RefundView = NonNullable<AnswerOf<"/payment/refund">["refund"]>;

/** A payment to refund as both windows know it. */
export type Refundable = { id: number; amount: number; payTrade: string | null; name: string; refund: RefundView | null };

const FIELDS = ["reason"] as const;
const KNOWN_FAILURES: readonly TextName<"refunds.failures">[] = ["ABNORMAL", "CLOSED", "MISSING"];

/** The provider's reason in words: ours for the states we name, else the provider's own. */
export const failureText = (t: Translate, failure: string | null) => (isOneOf(KNOWN_FAILURES, failure) ? t(`refunds.failures.${failure}`) : (failure ?? "—"));

/** May a refund be asked for: none yet, or the last one failed. */
export const refundable = (refund: RefundView | null) => !refund || refund.state.id === REFUND_STATE.REFUND_STATE_FAILED;

export function RefundLine({ refund }: { refund: RefundView }) {
  const t = useT();
  const state = refund.state.id;
  const text =
    state === REFUND_STATE.REFUND_STATE_SUCCESS
      ? t("refunds.refunded", { amount: formatYuan(refund.amount), date: formatChinaDateTime(refund.refundDate ?? refund.updateDate), no: refund.refundNo })
      : state === REFUND_STATE.REFUND_STATE_PROCESSING
        ? t("refunds.processing", { no: refund.refundNo })
        : t("refunds.failed", { reason: failureText(t, refund.failure) });
  return (
    <span className={`refund-line refund-line-${state}`} data-testid="refund-line" data-state={state}>
      {text}
    </span>
  );
}

export function RefundWindow({ payment, onClose, onDone }: { payment: Refundable; onClose: () => void; onDone: (refund: RefundView) => void }) {
  const t = useT();
  const again = payment.refund?.state.id === REFUND_STATE.REFUND_STATE_FAILED;
  const editor = useFormDialog({
    id: "refund",
    fields: FIELDS,
    initial: () => ({ reason: payment.refund?.reason ?? "" }),
    validate: (f) => (f.reason.trim() ? {} : { reason: "refunds.dialog.reasonMissing" }),
    send: (f) => api.call("/payment/refund", { id: payment.id, reason: f.reason.trim() }),
    accepted: (answer) => {
      const refund = answer.refund!;
      onDone(refund);
      const amount = formatYuan(refund.amount);
      const said =
        refund.state.id === REFUND_STATE.REFUND_STATE_SUCCESS
          ? t("refunds.dialog.doneRefunded", { amount })
          : refund.state.id === REFUND_STATE.REFUND_STATE_PROCESSING
            ? t("refunds.dialog.doneProcessing")
            : t("refunds.dialog.doneFailed", { reason: failureText(t, refund.failure) });
      void showMessage(said);
    },
    refused: (message) => (message.code === "ERROR_PARAMS" && refusedField(message, FIELDS) ? { field: "reason", error: "refunds.dialog.reasonMissing" } : null),
  });
  return (
    <FormDialog
      editor={editor}
      title={t("refunds.dialog.title", { name: payment.name })}
      saveLabel={t(again ? "refunds.refundAgain" : "refunds.dialog.confirm")}
      onClose={onClose}
      className="refund-form"
      testId="refund"
    >
      <p>{t("refunds.dialog.explain", { amount: formatYuan(payment.amount), trade: payment.payTrade ?? "—" })}</p>
      {again ? <p className="refund-again muted">{t("refunds.dialog.again", { reason: failureText(t, payment.refund!.failure) })}</p> : null}
      <ReasonField editor={editor} label={t("refunds.dialog.reason")} max={REFUND_REASON_MAX} rows={2} />
    </FormDialog>
  );
}
