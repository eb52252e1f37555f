// The member page's four writing imports (spec 3 sections 2.4, 4.3, 6, 8):
// import onboarding/update, import leaving, import points, send the welcome
// mail, each button shown only with its power. A window takes an .xlsx,
// uploads it (the import runs as a staff job: the job kit's progress window
// follows it, and a page reloaded meanwhile finds it again), then shows what
// happened to every row with the counts.
// Confirm downloads the feedback table, Cancel deletes it on the server, and
// either way the member list is refreshed with its filters reset.
import { useEffect, useState } from "react";
import type { Message } from "../../../src/protocol/result";
import type { PowerCode } from "../../../src/protocol/powers";
import { isSuccess, message } from "../../../src/protocol/result";
import { isPhone, maskPhone } from "../../../src/protocol/identity";
import { api } from "../../api";
import { Dialog } from "../../components/dialog";
import { ImportFeedback, ImportFileForm, ImportFinishButtons, type ImportVerdict } from "../../components/import-feedback";
import { showMessage } from "../../components/message-box";
import { dataKey, pick, resultText, useT } from "../../i18n";
import { hasPower, session } from "../../state/session";
import { JobProgress, useUnfinishedJob } from "./job-progress";
import { useJobUpload } from "./job-upload";

export type ImportKind = "update" | "leave" | "integral" | "welcome";
const KINDS: { kind: ImportKind; power: PowerCode }[] = [
  { kind: "update", power: "FUNCTION_USER_IMPORT_UPDATE" },
  { kind: "leave", power: "FUNCTION_USER_IMPORT_LEAVE" },
  { kind: "integral", power: "FUNCTION_INTEGRAL_OPERATION" },
  { kind: "welcome", power: "FUNCTION_USER_IMPORT_LEAVE" },
];
const PATHS = {
  update: "/user/operation/import/update",
  leave: "/user/operation/import/leave",
  integral: "/user/operation/import/integral",
  welcome: "/user/operation/import/welcome",
} as const;
/** The i18n area of the windows' texts, and their stylesheet classes' prefix. */
const TEXTS = "members.imports";
const CSS = "member-import";
const JOB_PREFIX = "member.import.";
const JOB_KINDS = KINDS.map((k) => `${JOB_PREFIX}${k.kind}`);
/** The import this tab waits for, so a reload shows its answer even when it finished meanwhile. */
const PENDING = "member-import-job";

function pendingJob(): Shown | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(PENDING) ?? "null") as Shown | null;
    return saved && KINDS.some((k) => k.kind === saved.kind) && typeof saved.job === "string" ? saved : null;
  } catch {
    return null;
  }
}

type Outcome = { message: Message; count?: number; create?: number; update?: number; key?: string; list?: ImportVerdict[] };
type Shown = { kind: ImportKind; job?: string };

/** A refusal of the whole file, in the spec's words (spec 3 section 8). */
function fileRefusal(t: ReturnType<typeof useT>, message: Message): string {
  const p = message.params ?? {};
  if (message.code !== "ERROR_PARAMS") return resultText(t, message);
  if (p.reason === "type") return t("members.imports.wrongType");
  if (p.reason === "size") return t("members.imports.tooBig");
  if (p.reason === "rows") return t("members.imports.tooManyRows", { max: Number(p.max) });
  if (p.reason === "empty") return t("members.imports.empty");
  if (p.reason === "columns") return t("members.imports.missing");
  return resultText(t, message);
}

/** The buttons, each with its power, and the window they open; `onFinished` refreshes the list with its filters reset. */
export function ImportMenu({ onFinished }: { onFinished: () => void }) {
  const t = useT();
  const [shown, setShown] = useState<Shown | null>(null);
  const kinds = KINDS.filter((k) => hasPower(k.power));

  // A page reloaded while an import runs finds it again: this tab's own (even finished meanwhile), or one still running.
  const running = useUnfinishedJob(kinds.length ? JOB_KINDS : []);
  useEffect(() => {
    const pending = pendingJob();
    if (pending) setShown(pending);
    else if (running) setShown({ kind: running.kind.slice(JOB_PREFIX.length) as ImportKind, job: running.key });
  }, [running?.key]);

  if (kinds.length === 0) return null;
  return (
    <>
        {kinds.map(({ kind }) => (
          <button key={kind} type="button" className="button" onClick={() => setShown({ kind })} data-testid={`import-${kind}`}>
            {t(`members.imports.buttons.${kind}`)}
          </button>
        ))}
        {shown ? (
          <MemberImportWindow
            kind={shown.kind}
            job={shown.job}
            onClose={(finished) => {
              sessionStorage.removeItem(PENDING);
              setShown(null);
              if (finished) onFinished();
            }}
          />
        ) : null}
      </>
    );
  }

  function MemberImportWindow({ kind, job, onClose }: { kind: ImportKind; job?: string; onClose: (finished: boolean) => void }) {
    const t = useT();
    const [following, setFollowing] = useState<string | null>(job ?? null);
    const [outcome, setOutcome] = useState<Outcome | null>(null);
    const [titles, setTitles] = useState<Map<number, string>>(new Map());
    const { language } = session;
    const title = t(`members.imports.titles.${kind}`);
    const importing = useJobUpload(`${JOB_PREFIX}${kind}`, title);

    // The property titles name the field a row's value failed ("property.<id>").
    useEffect(() => {
      if (kind !== "update") return;
      void api.call("/user/properties").then((answer) => {
        if (isSuccess(answer) && answer.list) setTitles(new Map(answer.list.map((p) => [p.id, pick(language, p.titleZh, p.titleEn)])));
      });
    }, [kind, language]);

    const settle = (answer: Outcome) => {
      sessionStorage.removeItem(PENDING);
      if (!answer.key || !answer.list) {
        void showMessage(fileRefusal(t, answer.message)).then(() => onClose(false));
        return;
      }
      setOutcome(answer);
    };

    const upload = async (file: File | null) => {
      if (!file) return showMessage(t("members.imports.chooseFirst"));
      const answer = (await importing.upload(PATHS[kind], file)) as Outcome & { job?: string; state?: string };
      // The progress hidden before the end: the job goes on, and this tab finds it again on a reload.
      if (answer.state === "running" && answer.job) {
        sessionStorage.setItem(PENDING, JSON.stringify({ kind, job: answer.job }));
        return onClose(false);
      }
      settle(answer);
    };

    const finish = async (keep: boolean) => {
      if (!outcome?.key) return onClose(false);
      const answer = keep
        ? await api.download("/user/operation/download/log", { kind, log: outcome.key })
        : await api.call("/user/operation/clear/log", { kind, key: outcome.key });
      if (answer.message.code !== "SUCCESS" && answer.message.code !== "ERROR_RESULT_NULL") await showMessage(resultText(t, answer.message));
      // Spec 3 section 4.3: the list is then refreshed with its filters reset.
      onClose(true);
    };

    const refused = !!outcome && outcome.message.code !== "SUCCESS";
    // A refused file shows its refused rows first: they are what the person has to fix.
    const list = refused ? [...(outcome?.list ?? [])].sort((a, b) => Number(b.verdict === "refused") - Number(a.verdict === "refused") || a.row - b.row) : (outcome?.list ?? []);
    const counts = { apply: 0, same: 0, refused: 0 };
    for (const v of list) counts[v.verdict]++;
    const summary = !outcome
      ? null
      : refused
        ? t("members.imports.refused", { refused: counts.refused, rows: list.length })
        : kind === "update"
          ? t("members.imports.doneUpdate", { create: outcome.create ?? 0, update: outcome.update ?? 0, same: counts.same, rows: list.length })
          : t(`members.imports.done.${kind}`, { count: outcome.count ?? 0, same: counts.same, rows: list.length });
    const reasonText = (reason: string) => {
      const property = /^property\.(\d+)$/.exec(reason);
      if (property) return t("members.imports.reasons.property", { name: titles.get(Number(property[1])) ?? t("members.imports.aField") });
      return t(dataKey("members.imports.reasons", reason));
    };
    return (
      <>
      <Dialog
        title={title}
        onClose={() => (outcome ? void finish(false) : onClose(false))}
        width={outcome ? 860 : 560}
        footer={
          outcome ? (
            <ImportFinishButtons texts={TEXTS} onFinish={(keep) => void finish(keep)} />
          ) : null
        }
      >
        <div className="member-import" data-testid={`import-${kind}-window`}>
          <p className="member-import-intro">{t(`members.imports.intros.${kind}`)}</p>
          {outcome || following || importing.busy ? null : (
            <>
              <button
                type="button"
                className="link-button"
                onClick={() => void api.download("/user/operation/import/template", { kind }).then((a) => (a.message.code === "SUCCESS" ? undefined : showMessage(resultText(t, a.message))))}
                data-testid="import-template"
              >
                {t("members.imports.template")}
              </button>
              <ImportFileForm css={CSS} texts={TEXTS} onUpload={(file) => void upload(file)} />
            </>
          )}
          {outcome ? (
            <ImportFeedback
              css={CSS}
              texts={TEXTS}
              summary={summary}
              refused={refused}
              list={list}
              hint={t("members.imports.hint")}
              empty={t("members.imports.noRows")}
              cell={(c) => (isPhone(c) ? maskPhone(c) : c)}
              reasonText={reasonText}
            />
          ) : null}
        </div>
      </Dialog>
      {importing.progress}
      {following ? (
        <JobProgress
          title={title}
          target={{ key: following }}
          onDone={(found) => {
            setFollowing(null);
            settle((found.result ?? { message: message("ERROR_SERVER") }) as Outcome);
          }}
          onClose={() => onClose(false)}
        />
      ) : null}
    </>
  );
}
