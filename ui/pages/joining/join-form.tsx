// The application to join (/join's second step): the proven phone, the name
// and the fields marked for applications (the profile's property form, with
// the nationality), the employee number, an e-mail (optional) and the proof of
// employment, sent as soon as it is chosen (a PNG, a JPEG or a PDF within the
// server's limit, checked here first). A refusal names its field and marks it;
// a member who already has the phone, employee number or e-mail is sent to
// activate instead.
import { type FormEvent, type ReactNode, useCallback, useRef, useState } from "react";
import { Link } from "wouter";
import { useSnapshot } from "valtio";
import { isMail } from "../../../src/protocol/identity";
import { PROPERTY_PURPOSE } from "../../../src/protocol/enumerations";
import { type Message, isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { showMessage } from "../../components/message-box";
import { PropertyForm } from "../../components/property-form";
import type { StoredValue } from "../../components/property-form/model";
import { useProfileForm } from "../../components/property-form/use-profile-form";
import { type Params, type TextKey, isOneOf, resultText, useT } from "../../i18n";
import { languageId, session } from "../../state/session";
import { codeFlowText } from "../account/activation-rules";
import { ACTIVATE_HREF, formatBytes } from "./model";

/** The employee number as the server takes it (src/domains/member-admin/save.ts). */
const EMPLOYEES = /^[A-Za-z0-9_-]{1,50}$/;
/** What a proof may be: the server reads the kind from the bytes; the browser goes by the file's type, or its name when it has none. */
const PROOF_TYPES = ["image/png", "image/jpeg", "application/pdf"];
const PROOF_NAMES = /\.(png|jpe?g|pdf)$/i;
const NO_VALUES: readonly StoredValue[] = [];

/** The fields of the form that are not properties; the phone is the proven one, shown. */
const FIELDS = ["phone", "employees", "mail", "proof"] as const;
type Field = (typeof FIELDS)[number];
/** A field's problem: its text (a key and its parameters), and, for a member's contact, the way to activate. */
type Problem = { key: TextKey; params?: Params; activate?: boolean };
type Problems = Partial<Record<Field, Problem | null>>;

type Proof = { key: string | null; name: string; size: number };

function FormField({ id, label, required, hint, problem, children }: { id: string; label: string; required?: boolean; hint?: string; problem?: Problem | null; children: ReactNode }) {
  const t = useT();
  return (
    <div className={`field${problem ? " field-invalid" : ""}`}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children}
      {problem ? (
        <div className="field-error" id={`${id}-error`} role="alert">
          <span>{t(problem.key, problem.params)}</span>
          {problem.activate ? (
            <>
              {" "}
              <Link href={ACTIVATE_HREF} className="join-activate-link" data-testid="join-activate">
                {t("joining.activate")}
              </Link>
            </>
          ) : null}
        </div>
      ) : hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The props of an input that may be refused: its class, aria-invalid and what describes it. */
const described = (id: string, problem: Problem | null | undefined, hint: boolean) => ({
  id,
  className: `input${problem ? " input-invalid" : ""}`,
  "aria-invalid": problem ? true : undefined,
  "aria-describedby": problem ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

export function JoinForm({ phone, onSent, onUnproven, onOtherPhone }: { phone: string; onSent: (id: number) => void; onUnproven: () => void; onOtherPhone: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [limit, setLimit] = useState<number | null>(null);
  const load = useCallback(async () => {
    const answer = await api.call("/join/form");
    if (isSuccess(answer) && answer.proof) setLimit(answer.proof.maxBytes);
    return { message: answer.message, list: answer.properties ? [...answer.properties] : undefined };
  }, []);
  const form = useProfileForm("join-profile", load, NO_VALUES, null);
  const [employees, setEmployees] = useState("");
  const [mail, setMail] = useState("");
  const [proof, setProof] = useState<Proof | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const size = limit === null ? "" : formatBytes(limit);

  const check = (next: { employees: string; mail: string; proof: Proof | null }): Problems => ({
    employees: EMPLOYEES.test(next.employees.trim()) ? null : { key: "joining.form.errors.employees" },
    mail: !next.mail.trim() || isMail(next.mail.trim()) ? null : { key: "joining.form.errors.mail" },
    proof: next.proof?.key ? null : { key: "joining.form.errors.proof" },
  });
  const recheck = (patch: Partial<{ employees: string; mail: string; proof: Proof | null }>) => {
    if (tried) setProblems((old) => ({ ...old, ...check({ employees, mail, proof, ...patch }), phone: null }));
  };

  const focus = (field: Field) => {
    const id = field === "proof" ? "join-proof-choose" : `join-${field}`;
    requestAnimationFrame(() => {
      const el = document.getElementById(id);
      el?.scrollIntoView({ block: "center" });
      el?.focus({ preventScroll: true });
    });
  };

  const proofProblem = (problem: Problem | null) => setProblems((old) => ({ ...old, proof: problem }));

  /** The chosen file, checked here, then sent at once: the answer's key is what the application names. */
  const choose = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = "";
    if (!file) return;
    if (!(PROOF_TYPES.includes(file.type) || (!file.type && PROOF_NAMES.test(file.name)))) return proofProblem({ key: "joining.form.errors.proofType" });
    if (limit !== null && file.size > limit) return proofProblem({ key: "joining.form.errors.proofSize", params: { size } });
    const chosen: Proof = { key: null, name: file.name, size: file.size };
    setProof(chosen);
    setUploading(true);
    const answer = await api.upload("/join/proof", file, file.name).finally(() => setUploading(false));
    if (isSuccess(answer) && answer.key) {
      const sent = { ...chosen, key: answer.key };
      setProof(sent);
      return proofProblem(null);
    }
    setProof(null);
    const { code, params } = answer.message;
    if (code === "ERROR_PARAMS" && params?.field === "phone") return onUnproven();
    if (code === "ERROR_PARAMS" && params?.reason === "type") return proofProblem({ key: "joining.form.errors.proofType" });
    if (code === "ERROR_PARAMS" && params?.reason === "size") return proofProblem({ key: "joining.form.errors.proofSize", params: { size } });
    await showMessage(resultText(t, answer.message));
  };

  /** A refusal of the application: the field it names, marked; anything else in a message box. */
  const refused = async (message: Message) => {
    const field = message.params?.field;
    if (message.code === "ERROR_JOIN_DUPLICATE" || message.code === "ERROR_JOIN_OPEN") {
      const named = isOneOf(["phone", "employees", "mail"] as const, field) ? field : "employees";
      const problem: Problem = {
        key: message.code === "ERROR_JOIN_DUPLICATE" ? "joining.duplicate" : "joining.open",
        params: { field: t(`joining.fields.${named}`) },
        activate: message.code === "ERROR_JOIN_DUPLICATE",
      };
      setProblems((old) => ({ ...old, [named]: problem }));
      return focus(named);
    }
    if (message.code !== "ERROR_PARAMS") return showMessage(resultText(t, message));
    // A form field the server's rules refused: marked as the profile forms mark it.
    const text = form.serverFailure(message);
    if (text) return showMessage(text);
    if (field === "phone") return onUnproven();
    if (field === "name") {
      const name = form.properties.find((p) => p.purpose.id === PROPERTY_PURPOSE.PROPERTY_PURPOSE_NAME);
      const named = name ? form.serverFailure({ ...message, params: { property: name.id } }) : null;
      return showMessage(named ?? resultText(t, message));
    }
    if (field === "employees" || field === "mail") {
      setProblems((old) => ({ ...old, [field]: { key: `joining.form.errors.${field}` } }));
      return focus(field);
    }
    if (field === "proof") {
      setProof(null);
      proofProblem({ key: "joining.form.errors.proofAgain" });
      return focus("proof");
    }
    if (field === "nationality") return showMessage(t("centre.form.nationalityRequired"));
    await showMessage(codeFlowText(t, message));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || uploading) return;
    setTried(true);
    const profile = form.check();
    const found = check({ employees, mail, proof });
    setProblems(found);
    const first = FIELDS.find((f) => found[f]);
    if (!profile) return;
    if (first) return focus(first);
    setBusy(true);
    const answer = await api
      .call("/join/submit", {
        phone,
        employees: employees.trim(),
        mail: mail.trim() || null,
        nationality: profile.nationality,
        values: profile.values,
        proof: proof!.key!,
        language: languageId(language),
      })
      .finally(() => setBusy(false));
    if (isSuccess(answer) && answer.id) return onSent(answer.id);
    await refused(answer.message);
  };

  if (!form.ready) {
    return form.failed ? (
      <div className="flow-form">
        <p className="flow-intro">{resultText(t, form.failed)}</p>
        <button type="button" className="button button-quiet" onClick={() => void form.reload()}>
          {t("common.retry")}
        </button>
      </div>
    ) : (
      <div className="flow-waiting" aria-busy="true" />
    );
  }

  return (
    <form className="flow-form join-form" onSubmit={submit} noValidate data-testid="join-form">
      <p className="flow-intro">{t("joining.form.intro")}</p>
      <fieldset className="flow-section">
        <legend>{t("joining.form.contact")}</legend>
        <FormField id="join-phone" label={t("joining.form.phone")} problem={problems.phone}>
          <input {...described("join-phone", problems.phone, false)} value={phone} readOnly inputMode="tel" />
        </FormField>
        <p className="join-other-phone">
          <button type="button" className="link-button" onClick={onOtherPhone} data-testid="join-other-phone">
            {t("joining.otherPhone")}
          </button>
        </p>
        <FormField id="join-employees" label={t("joining.form.employees")} required hint={t("joining.form.employeesHint")} problem={problems.employees}>
          <input
            {...described("join-employees", problems.employees, true)}
            value={employees}
            maxLength={50}
            autoComplete="off"
            spellCheck={false}
            aria-required
            onChange={(e) => {
              setEmployees(e.target.value);
              recheck({ employees: e.target.value });
            }}
          />
        </FormField>
        <FormField id="join-mail" label={t("joining.form.mail")} hint={t("joining.form.mailHint")} problem={problems.mail}>
          <input
            {...described("join-mail", problems.mail, true)}
            type="email"
            value={mail}
            maxLength={200}
            autoComplete="email"
            onChange={(e) => {
              setMail(e.target.value);
              recheck({ mail: e.target.value });
            }}
          />
        </FormField>
      </fieldset>
      <fieldset className="flow-section">
        <legend>{t("joining.form.details")}</legend>
        <PropertyForm
          idPrefix="join-profile"
          properties={form.properties}
          values={form.values}
          onChange={form.setValues}
          stored={NO_VALUES}
          countries={form.countries}
          nationality={form.nationality}
          onNationality={form.setNationality}
          error={form.error}
        />
      </fieldset>
      <fieldset className="flow-section">
        <legend>{t("joining.form.proofTitle")}</legend>
        <div className={`field join-proof${problems.proof ? " field-invalid" : ""}`} data-testid="join-proof">
          <span className="field-label" id="join-proof-label">
            {t("joining.form.proof")}
            <span className="required-mark" aria-hidden="true">
              *
            </span>
          </span>
          <p className="field-hint" id="join-proof-hint">
            {t("joining.form.proofHint", { size })}
          </p>
          <input
            ref={fileInput}
            id="join-proof-file"
            type="file"
            accept={PROOF_TYPES.join(",")}
            className="visually-hidden"
            tabIndex={-1}
            aria-labelledby="join-proof-label"
            onChange={(event) => void choose(event.target.files?.[0])}
            data-testid="join-proof-file"
          />
          <div className="join-proof-row">
            <button
              type="button"
              id="join-proof-choose"
              className="button button-quiet"
              aria-labelledby="join-proof-choose join-proof-label"
              aria-describedby={problems.proof ? "join-proof-error" : "join-proof-hint"}
              aria-invalid={problems.proof ? true : undefined}
              disabled={uploading}
              onClick={() => fileInput.current?.click()}
            >
              {t(proof ? "joining.form.replace" : "joining.form.choose")}
            </button>
            {proof ? (
              <p className="join-proof-file" data-testid="join-proof-chosen" data-uploaded={proof.key ? "true" : "false"} aria-live="polite">
                <span className="join-proof-name">{proof.name}</span>
                <span className="join-proof-size">{formatBytes(proof.size)}</span>
                {proof.key ? <span className="join-proof-done">{t("joining.form.uploaded")}</span> : null}
              </p>
            ) : null}
          </div>
          {problems.proof ? (
            <p className="field-error" id="join-proof-error" role="alert">
              {t(problems.proof.key, problems.proof.params)}
            </p>
          ) : null}
        </div>
      </fieldset>
      <p className="join-privacy">{t("joining.form.privacy")}</p>
      <button type="submit" className="button button-primary button-block flow-submit" disabled={busy || uploading} data-testid="join-submit">
        {t("joining.form.submit")}
      </button>
    </form>
  );
}
