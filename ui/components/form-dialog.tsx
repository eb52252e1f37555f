// The one editing dialog: a form in the draggable ./dialog.tsx with Cancel and
// a submit button below, and the hook that runs it the same way everywhere.
// The browser checks the form first (after the first try, at every change too)
// and puts the focus on the first field in error; then it sends, and a field
// the server refuses is shown under that field, anything else in a message box.
//
//   const editor = useFormDialog({ id: "address", fields, initial, validate, send, accepted });
//   <FormDialog editor={editor} title={...} saveLabel={...} onClose={onClose}>...fields...</FormDialog>
//
// A window holding edits asks before it closes (Esc, its cross, Cancel): keep editing or discard.
//
// Field `f` is the element `#<id>-f` (or `[data-field=f]`), its error `#<id>-f-error`.
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { type Answer, type Message, isSuccess } from "../../src/protocol/result";
import { type Params, type TextKey, type TextName, isOneOf, resultText, useT } from "../i18n";
import { Dialog } from "./dialog";
import { confirm, showMessage } from "./message-box";

/** Dictionary keys of the problems, by field. */
export type FieldErrors<F extends string> = Partial<Record<F, TextKey>>;

/** What a refusal means: a field's error (a dictionary key), or a sentence for a message box. */
export type Refusal<F extends string> = { field: F; error: TextKey } | { text: string };

export type FormSetup<Form, F extends string, A> = {
  /** The ids' prefix: "address" gives the form address-form and the fields address-name. */
  id: string;
  /** In the order they are on the screen, so the first error gets the focus; read from the form when they are a list's (an option's parts, by row). */
  fields: readonly F[] | ((form: Form) => readonly F[]);
  initial: () => Form;
  validate: (form: Form) => FieldErrors<F>;
  /** What each change also does to the form (fill a field from another). */
  adjust?: (next: Form, patch: Partial<Form>) => Form;
  /** The errors after a change once the form was tried; by default the browser's check alone. */
  recheck?: (old: FieldErrors<F>, found: FieldErrors<F>) => FieldErrors<F>;
  /** Said or done after the checks and before sending. */
  before?: (form: Form) => Promise<void>;
  /** Asked after the checks: false (the person said no) sends nothing. */
  confirmed?: (form: Form) => Promise<boolean>;
  send: (form: Form) => Promise<Answer<A>>;
  accepted: (answer: Answer<A>) => unknown;
  /** By default a schema refusal's reason at the field it names, else the server's result text in a message box. */
  refused?: (message: Message) => Refusal<F> | null;
  /** Parameters of a field's error text. */
  errorParams?: (field: F) => Params;
  /** The element a field's error focuses, when it is not the default. */
  focusSelector?: (field: F) => string;
};

/**
 * The field a refusal names (params.field), when it is one of `fields`. A
 * schema refusal names a path into what the form sent: the form's field is
 * the path past the object that carries it (`member.price` is price,
 * `gift.face` face), or its first name (`property.options[1].textZh` is
 * options), or else the path's own first name (`relationships[2].allowMin`
 * in a form whose field is the whole list).
 */
export function refusedField<F extends string>(message: Message | undefined, fields: readonly F[]): F | null {
  const field = message?.params?.field;
  if (typeof field !== "string") return null;
  const firstOf = (path: string) => /^[^.[]+/.exec(path)?.[0];
  const first = firstOf(field);
  const rest = field.slice(first?.length ?? 0).replace(/^\./, "");
  return ([field, rest, firstOf(rest), first].find((name) => name && (fields as readonly string[]).includes(name)) as F | undefined) ?? null;
}

/** Why the server's schema refused a field (src/http/input.ts), each with its own text under the field. */
const SCHEMA_REASONS: readonly TextName<"common.fault">[] = ["missing", "type", "unknown", "long", "format", "range"];

/** A schema refusal of one of the form's fields, shown at that field; null for any other refusal. */
export function schemaRefusal<F extends string>(message: Message, fields: readonly F[]): Refusal<F> | null {
  const reason = message.params?.reason;
  if (message.code !== "ERROR_PARAMS" || !isOneOf(SCHEMA_REASONS, reason)) return null;
  const field = refusedField(message, fields);
  return field ? { field, error: `common.fault.${reason}` } : null;
}

export function useFormDialog<Form, F extends string, A = {}>(setup: FormSetup<Form, F, A>) {
  const t = useT();
  const [form, setForm] = useState<Form>(setup.initial);
  // What the window opened with, to tell whether closing it would drop edits.
  const [opened] = useState(() => JSON.stringify(form));
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLFormElement>(null);
  const { id } = setup;
  const fields = typeof setup.fields === "function" ? setup.fields(form) : setup.fields;

  // Merged into the form as it is now, not as this render saw it: an editor or an upload that reports late
  // (Quill's change handler, a finished upload) holds an older `update`, and must not undo a change made since.
  const latest = useRef({ form, tried });
  latest.current = { form, tried };
  const update = (patch: Partial<Form>) => {
    const merged = { ...latest.current.form, ...patch };
    const next = setup.adjust ? setup.adjust(merged, patch) : merged;
    latest.current = { ...latest.current, form: next };
    setForm(next);
    // Once a save was tried, every change checks the form again (in the same render as the change).
    if (latest.current.tried) setErrors((old) => (setup.recheck ? setup.recheck(old, setup.validate(next)) : setup.validate(next)));
  };

  const focusFirst = (found: FieldErrors<F>) => {
    const first = fields.find((f) => found[f]);
    if (!first) return;
    const element = root.current?.querySelector<HTMLElement>(setup.focusSelector?.(first) ?? `#${id}-${first}, [data-field="${first}"]`);
    // A field that is a frame (an image upload) is focused at its button, unless it takes the focus itself.
    const frame = element?.tagName === "DIV" && !element.hasAttribute("tabindex");
    (frame ? (element.querySelector<HTMLElement>("button") ?? element) : element)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    const found = setup.validate(form);
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(found);
    if (setup.confirmed && !(await setup.confirmed(form))) return;
    await setup.before?.(form);
    setBusy(true);
    const answer = await setup.send(form).finally(() => setBusy(false));
    if (isSuccess(answer)) return setup.accepted(answer);
    const refusal = setup.refused?.(answer.message) ?? schemaRefusal(answer.message, fields) ?? { text: resultText(t, answer.message) };
    if ("text" in refusal) return showMessage(refusal.text);
    const next = { ...found, [refusal.field]: refusal.error };
    setErrors(next);
    focusFirst(next);
  };

  /** The error under a field, when it has one. */
  const error = (field: F) =>
    errors[field] ? (
      <p className="field-error" id={`${id}-${field}-error`} role="alert">
        {t(errors[field]!, setup.errorParams?.(field))}
      </p>
    ) : null;

  /** A field's aria-invalid and aria-describedby (its error, then `hint`). */
  const described = (field: F, hint?: string) => ({
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": [errors[field] ? `${id}-${field}-error` : null, hint].filter(Boolean).join(" ") || undefined,
  });

  /** The class of an input, marked when its field is in error. */
  const inputClass = (field: F, base = "input") => `${base}${errors[field] ? " input-invalid" : ""}`;

  return { id, form, edited: JSON.stringify(form) !== opened, errors, busy, root, update, submit, error, described, inputClass };
}

/** A form whose one field is `reason` (a staff cancel's, a refund's), as ReasonField reads it. */
type ReasonForm = {
  id: string;
  form: { reason: string };
  update(patch: { reason: string }): void;
  error(field: "reason"): ReactNode;
  described(field: "reason"): { "aria-invalid"?: boolean; "aria-describedby"?: string };
  inputClass(field: "reason", base?: string): string;
};

/** A window's required reason: its label, a textarea of at most `max` characters that takes the focus, and its error under it. */
export function ReasonField({ editor, label, max, rows = 3 }: { editor: ReasonForm; label: string; max: number; rows?: number }) {
  const id = `${editor.id}-reason`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className={editor.inputClass("reason", "input textarea")}
        rows={rows}
        maxLength={max}
        value={editor.form.reason}
        data-autofocus
        {...editor.described("reason")}
        onChange={(e) => editor.update({ reason: e.target.value })}
      />
      {editor.error("reason")}
    </div>
  );
}

/**
 * The close of a window that may hold edits (Esc, its cross, Cancel): when
 * `edited`, it asks "keep editing / discard" first. FormDialog uses it; a
 * window built on ./dialog.tsx by hand passes its own `edited`.
 */
export function useCloseAsking(edited: boolean, onClose: () => void) {
  const t = useT();
  return () =>
    void (async () => {
      if (edited && !(await confirm(t("common.unsaved.question"), { ok: t("common.unsaved.discard"), cancel: t("common.unsaved.keep") }))) return;
      onClose();
    })();
}

const FIRST_FIELD = "input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled])";

export type FormDialogProps = {
  editor: Pick<ReturnType<typeof useFormDialog>, "id" | "busy" | "root" | "submit" | "edited">;
  /** Edits held outside the form (a part of the window with its own state), also asked about before closing. */
  edited?: boolean;
  title: string;
  saveLabel: string;
  onClose: () => void;
  /** Width on a desk, in pixels. */
  width?: number;
  /** The form's class, for its area's layout (centre-form, module-form, ...). */
  className: string;
  testId?: string;
  /** The save button's test id. */
  saveTestId?: string;
  /** Buttons before Cancel in the footer (a delete). */
  actions?: ReactNode;
  children: ReactNode;
};

export function FormDialog({ editor, title, saveLabel, onClose, width, className, testId, saveTestId, actions, edited, children }: FormDialogProps) {
  const t = useT();
  const formId = `${editor.id}-form`;
  // Esc, the cross and Cancel all ask first when the window holds edits: a slip of the keyboard must not drop them.
  const close = useCloseAsking(editor.edited || !!edited, onClose);
  // The keyboard starts at the first field (after the window's own focus, set as it mounted), unless a field asks for it.
  useEffect(() => {
    const form = editor.root.current;
    if (!form || form.querySelector("[data-autofocus]")) return;
    form.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, []);
  return (
    <Dialog
      title={title}
      onClose={close}
      width={width}
      footer={
        <>
          {actions}
          <button type="button" className="button button-quiet" onClick={close}>
            {t("common.cancel")}
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={editor.busy} data-testid={saveTestId}>
            {saveLabel}
          </button>
        </>
      }
    >
      {/* React hands a portal's events to its React parents: a window opened from inside another's form (the rich text's
          image description) must not submit that form too. */}
      <form
        id={formId}
        ref={editor.root}
        className={className}
        onSubmit={(event) => {
          event.stopPropagation();
          void editor.submit(event);
        }}
        noValidate
        data-testid={testId}
      >
        {children}
      </form>
    </Dialog>
  );
}
