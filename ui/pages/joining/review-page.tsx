// Membership applications (/operation/applications, issue 32 item 3, decision
// 140), for the officers who review them (FUNCTION_USER_APPLICATIONS): those
// waiting, approved, rejected or all, newest first, a page at a time; a row
// opens the application: who, the answers, the proof of employment, and, while
// it waits, Approve (the member's account is made, to activate) or Reject (with
// a reason the applicant is told). Reached from the member management page.
import { useState } from "react";
import { useSnapshot } from "valtio";
import type { AnswerOf, ItemOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { type Column, CardList } from "../../components/card-list";
import { Dialog } from "../../components/dialog";
import { FormDialog, ReasonField, refusedField, useFormDialog } from "../../components/form-dialog";
import { confirm, showMessage } from "../../components/message-box";
import { Tabs } from "../../components/tabs";
import { pick, resultText, useT } from "../../i18n";
import { formatChinaDateTime } from "../../lib/china-time";
import { useFilteredPages } from "../../lib/use-filtered-pages";
import { useLoader } from "../../lib/use-loaded";
import { hasPower, session } from "../../state/session";
import { APPLICATION_STATES, type ApplicationState, StateTag } from "./model";
import "./texts";

type Row = ItemOf<"/join/list">;
type Show = ApplicationState | "all";

/** The reason a rejection gives the applicant: 1-200 characters (src/domains/joining/review.ts). */
export const REJECT_REASON_MAX = 200;
const REASON_FIELDS = ["reason"] as const;

/** The reason asked before a rejection, required; the applicant is told it. */
function RejectDialog({ id, onClose, onRejected }: { id: number; onClose: () => void; onRejected: () => void }) {
  const t = useT();
  const editor = useFormDialog({
    id: "application-reject",
    fields: REASON_FIELDS,
    initial: () => ({ reason: "" }),
    validate: (f) => (f.reason.trim() && f.reason.trim().length <= REJECT_REASON_MAX ? {} : { reason: "joining.review.reasonMissing" }),
    send: (f) => api.call("/join/reject", { id, reason: f.reason.trim() }),
    accepted: async () => {
      await showMessage(t("joining.review.rejected"));
      onRejected();
    },
    refused: (message) => (message.code === "ERROR_PARAMS" && refusedField(message, REASON_FIELDS) ? { field: "reason", error: "joining.review.reasonMissing" } : null),
  });
  return (
    <FormDialog
      editor={editor}
      title={t("joining.review.rejectTitle", { id })}
      saveLabel={t("joining.review.rejectConfirm")}
      onClose={onClose}
      className="application-reject-form"
      testId="application-reject-form"
    >
      <p className="muted">{t("joining.review.rejectExplain")}</p>
      <ReasonField editor={editor} label={t("joining.review.rejectReason")} max={REJECT_REASON_MAX} />
    </FormDialog>
  );
}

type Detail = AnswerOf<"/join/detail">;

/** One application: who, the answers, the proof, the decision; Approve and Reject while it waits. */
function ApplicationWindow({ id, onClose, onDecided }: { id: number; onClose: () => void; onDecided: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const { value: detail, reload } = useLoader(
    async (alive) => {
      const answer = await api.call("/join/detail", { id });
      if (isSuccess(answer) && answer.values) return answer as Detail;
      // Nothing to show: said, and the window closes.
      if (alive()) await showMessage(resultText(t, answer.message));
      if (alive()) onClose();
      return false;
    },
    [id],
  );
  const [rejecting, setRejecting] = useState(false);

  const viewProof = async () => {
    if (!detail) return;
    const answer = await api.download("/join/proof/get", { id: String(id) }, detail.proof.name);
    if (!isSuccess(answer)) await showMessage(resultText(t, answer.message));
  };

  const decided = async (text: string) => {
    await showMessage(text);
    onDecided();
  };

  const approve = async () => {
    if (!detail || !(await confirm(t("joining.review.approveQuestion", { name: detail.name })))) return;
    const answer = await api.call("/join/approve", { id });
    if (isSuccess(answer)) return decided(t("joining.review.approved"));
    await showMessage(resultText(t, answer.message));
    // Decided meanwhile by another officer: what it is now.
    if (answer.message.code === "ERROR_JOIN_DECIDED") reload();
  };

  const pending = detail && detail.state === "pending";
  const footer = pending ? (
    <>
      <button type="button" className="button button-quiet" onClick={onClose}>
        {t("common.close")}
      </button>
      <button type="button" className="button button-quiet application-reject-button" onClick={() => setRejecting(true)} data-testid="application-reject">
        {t("joining.review.reject")}
      </button>
      <button type="button" className="button button-primary" onClick={() => void approve()} data-testid="application-approve">
        {t("joining.review.approve")}
      </button>
    </>
  ) : (
    <button type="button" className="button button-primary" onClick={onClose}>
      {t("common.close")}
    </button>
  );

  const valueText = (v: Detail["values"][number]) =>
    v.option ? pick(language, v.option.textZh, v.option.textEn) : Array.isArray(v.value) ? v.value.join(language === "en" ? ", " : "、") : String(v.value ?? "");

  return (
    <>
      <Dialog title={t("joining.review.detailTitle", { id })} onClose={onClose} width={680} footer={detail ? footer : undefined}>
        {detail ? (
          <div className="application-detail" data-testid="application-detail" data-state={detail.state}>
            <div className="application-head">
              <StateTag state={detail.state} t={t} />
              <span className="muted">
                {t("joining.review.submitted")} {formatChinaDateTime(detail.submitted)}
                {detail.decided ? ` · ${t("joining.review.decided")} ${formatChinaDateTime(detail.decided)}` : null}
              </span>
            </div>
            {detail.state === "rejected" && detail.reason ? (
              <p className="application-reason" data-testid="application-detail-reason">
                <strong>{t("joining.review.reason")}</strong> {detail.reason}
              </p>
            ) : null}
            {detail.state === "approved" && detail.member ? <p className="application-member">{t("joining.review.member")}</p> : null}
            <h3 className="application-section">{t("joining.review.applicant")}</h3>
            <dl className="member-facts">
              <div className="member-fact">
                <dt>{t("joining.review.employees")}</dt>
                <dd className="mono">{detail.employees}</dd>
              </div>
              <div className="member-fact">
                <dt>{t("joining.review.phone")}</dt>
                <dd className="mono">{detail.phone}</dd>
              </div>
              <div className="member-fact">
                <dt>{t("joining.review.mail")}</dt>
                <dd>{detail.mail ?? "—"}</dd>
              </div>
            </dl>
            <h3 className="application-section">{t("joining.review.answers")}</h3>
            <dl className="member-facts" data-testid="application-answers">
              {detail.values.map((v) => (
                <div key={v.property.id} className="member-fact">
                  <dt>{pick(language, v.property.titleZh, v.property.titleEn)}</dt>
                  <dd>{valueText(v) || "—"}</dd>
                </div>
              ))}
            </dl>
            <h3 className="application-section">{t("joining.review.proof")}</h3>
            <div className="application-proof">
              <span className="application-proof-name" data-testid="application-proof-name">
                {detail.proof.name}
              </span>
              <button type="button" className="button button-quiet" onClick={() => void viewProof()} data-testid="application-proof">
                {t("joining.review.viewProof")}
              </button>
            </div>
          </div>
        ) : (
          <div className="flow-waiting" aria-busy="true" />
        )}
      </Dialog>
      {rejecting ? (
        <RejectDialog
          id={id}
          onClose={() => setRejecting(false)}
          onRejected={() => {
            setRejecting(false);
            onDecided();
          }}
        />
      ) : null}
    </>
  );
}

function ApplicationTable({ show }: { show: Show }) {
  const t = useT();
  const { list, reload } = useFilteredPages("/join/list", { show }, (f, index) => ({ state: f.show === "all" ? null : (f.show as ApplicationState), index }));
  const [open, setOpen] = useState<number | null>(null);
  const columns: Column<Row>[] = [
    {
      key: "id",
      title: t("joining.review.id"),
      render: (r) => (
        <button type="button" className="link-button mono" onClick={() => setOpen(r.id)} title={t("joining.review.open", { id: r.id })} data-testid="open-application">
          {r.id}
        </button>
      ),
    },
    { key: "name", title: t("joining.review.name"), place: "title", render: (r) => r.name },
    { key: "employees", title: t("joining.review.employees"), render: (r) => <span className="mono">{r.employees}</span> },
    { key: "phone", title: t("joining.review.phone"), render: (r) => <span className="mono">{r.phone}</span> },
    { key: "mail", title: t("joining.review.mail"), wide: true, render: (r) => <span className="cell-email">{r.mail ?? "—"}</span> },
    { key: "state", title: t("joining.review.state"), place: "aside", render: (r) => <StateTag state={r.state} t={t} /> },
    { key: "submitted", title: t("joining.review.submitted"), render: (r) => <span className="cell-date">{formatChinaDateTime(r.submitted)}</span> },
  ];
  if (show !== "pending") columns.push({ key: "decided", title: t("joining.review.decided"), render: (r) => <span className="cell-date">{r.decided ? formatChinaDateTime(r.decided) : "—"}</span> });
  return (
    <>
      <CardList
        {...list}
        columns={columns}
        rowKey={(r) => r.id}
        onOpen={(r) => setOpen(r.id)}
        label={t("joining.review.caption")}
        empty={t(show === "pending" ? "joining.review.emptyPending" : "joining.review.empty")}
        itemTestId="application-row"
      />
      {open !== null ? (
        <ApplicationWindow
          id={open}
          onClose={() => setOpen(null)}
          onDecided={() => {
            setOpen(null);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

export function ApplicationsPage() {
  const t = useT();
  // The officers come from member management; anyone else holding the power, straight here.
  const trail = hasPower("FUNCTION_USER_OPERATION_FIND") ? [{ label: t("page.userOperation"), href: "/operation/user" }, { label: t("page.applications") }] : undefined;
  const shows: Show[] = [...APPLICATION_STATES, "all"];
  return (
    <>
      <PageHead title={t("page.applications")} trail={trail} />
      <section className="applications" data-testid="applications">
        <p className="applications-intro">{t("joining.review.intro")}</p>
        <Tabs
          id="applications"
          label={t("joining.review.filter")}
          tabs={shows.map((show) => ({
            key: show,
            label: t(`joining.review.tabs.${show}`),
            // Keyed: each tab its own list, not the other's state under a new filter.
            panel: () => <ApplicationTable key={show} show={show} />,
          }))}
        />
      </section>
    </>
  );
}
