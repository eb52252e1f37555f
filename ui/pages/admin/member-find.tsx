// Find members from a sheet (spec 3 section 2.4 "import query", Upload
// /user/operation/import/find): the staff member picks an xlsx of employee
// numbers, phones or e-mails; the members found fill the search table (paged
// here, 23 a page) until they go back to the search. The button first opens
// a window that says what file is expected; its button opens the file picker.
import { type ChangeEvent, useRef, useState } from "react";
import type { AnswerOf } from "../../../src/domains/api";
import { FIND_MAX_ROWS, MEMBER_PAGE_SIZE } from "../../../src/protocol/limits";
import { isSuccess, type Message } from "../../../src/protocol/result";
import { api } from "../../api";
import { Dialog } from "../../components/dialog";
import { showMessage } from "../../components/message-box";
import type { PagerProps } from "../../components/pager";
import { joinList, resultText, type Translate, useT } from "../../i18n";
import { session } from "../../state/session";

type Found = AnswerOf<"/user/operation/import/find">;

function refusal(t: Translate, message: Pick<Message, "code" | "params">): string {
  const p = message.params ?? {};
  if (message.code !== "ERROR_PARAMS") return resultText(t, message);
  if (p.reason === "type") return t("jobs.findWrongType");
  if (p.reason === "size") return t("jobs.findTooBig");
  if (p.reason === "rows") return t("jobs.findTooManyRows", { max: Number(p.max) });
  if (p.reason === "empty") return t("jobs.findEmpty");
  return resultText(t, message);
}

export function useMemberFind() {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [found, setFound] = useState<Found | null>(null);
  const [index, setIndex] = useState(1);
  const [asking, setAsking] = useState(false);

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setAsking(false);
    const answer = await api.upload("/user/operation/import/find", file, file.name);
    if (!isSuccess(answer) || !answer.list) return showMessage(refusal(t, answer.message));
    setFound(answer as Found);
    setIndex(1);
  };

  const max = found ? Math.max(1, Math.ceil(found.list.length / MEMBER_PAGE_SIZE)) : 1;
  const paging: PagerProps | undefined = found ? { index, max, count: found.list.length, onChange: (i) => setIndex(Math.min(Math.max(1, i), max)) } : undefined;

  const button = (
    <>
      <button type="button" className="button" onClick={() => setAsking(true)} data-testid="find-members">
        {t("jobs.findImport")}
      </button>
      {asking ? (
        <Dialog
          title={t("jobs.findImport")}
          onClose={() => setAsking(false)}
          footer={
            <>
              <button type="button" className="button button-quiet" onClick={() => setAsking(false)}>
                {t("jobs.findCancel")}
              </button>
              <button type="button" className="button button-primary" onClick={() => input.current?.click()} data-autofocus data-testid="find-choose">
                {t("jobs.findChoose")}
              </button>
            </>
          }
        >
          <ul className="member-find-intro" data-testid="find-intro">
            <li>{t("jobs.findIntro.what", { max: FIND_MAX_ROWS.toLocaleString("en-US") })}</li>
            <li>{t("jobs.findIntro.cells")}</li>
            <li>{t("jobs.findIntro.title")}</li>
            <li>{t("jobs.findIntro.result")}</li>
          </ul>
          <input ref={input} type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" hidden onChange={(e) => void chosen(e)} data-testid="find-file" aria-label={t("jobs.findImport")} />
        </Dialog>
      ) : null}
    </>
  );

  const summary = found ? (
    <div className="member-found" role="status" data-testid="member-found">
      <p>{found.list.length === 1 ? t("jobs.foundOne") : t("jobs.found", { count: found.list.length })}</p>
      {found.header ? <p className="member-unmatched">{t("jobs.findHeader", { cells: joinList(session.language, found.header) })}</p> : null}
      {found.unmatched.length ? <p className="member-unmatched">{t("jobs.unmatched", { count: found.unmatched.length, items: joinList(session.language, found.unmatched.slice(0, 10)) })}</p> : null}
      <button type="button" className="link-button" onClick={() => setFound(null)}>
        {t("jobs.backToSearch")}
      </button>
    </div>
  ) : null;

  return {
    button,
    summary,
    /** The found members' page, for the table; null when the table shows the search. */
    list: found ? { list: found.list.slice((index - 1) * MEMBER_PAGE_SIZE, index * MEMBER_PAGE_SIZE), failed: false, onRetry: () => {}, paging } : null,
    clear: () => setFound(null),
  };
}
