// The one editing dialog: a form in the draggable ./dialog.tsx with Cancel and
// a submit button below, and the hook that runs it the same way everywhere.
// The browser checks the form first (after the first try, at every change too)
// and puts the focus on the first field in error; then it sends, and a field
// the server refuses is shown under that field, anything else in a message box.
//
//   const editor = useFormDialog({ id: "address", fields, initial, validate, send, accepted });
//   <FormDialog editor={editor} title={...} saveLabel={...} onClose={onClose}>...fields...</FormDialog>
//
// Field `f` is the element `#<id>-f` (or `[data-field=f]`), its error `#<id>-f-error`.
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { type Answer, type Message, isSuccess } from "../../src/protocol/result";
import { type Params, resultText, useT } from "../i18n";
import { Dialog } from "./dialog";
import { showMessage } from "./message-box";

/** Dictionary keys of the problems, by field. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** What a refusal means: a field's error (a dictionary key), or a sentence for a message box. */
export type Refusal<F extends string> = { field: F; error: string } | { text: string };

export type FormSetup<Form, F extends string, A> = {
  /** The ids' prefix: "address" gives the form address-form and the fields address-name. */
  id: string;
  /** In the order they are on the screen, so the first error gets the focus. */
  fields: readonly F[];
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
  /** By default the server's result text in a message box. */
  refused?: (message: Message) => Refusal<F> | null;
  /** Parameters of a field's error text. */
  errorParams?: (field: F) => Params;
  /** The element a field's error focuses, when it is not the default. */
  focusSelector?: (field: F) => string;
};

/** The field a refusal names (params.field), when it is one of `fields`. */
export function refusedField<F extends string>(message: Message | undefined, fields: readonly F[]): F | null {
  const field = message?.params?.field;
  return typeof field === "string" && (fields as readonly string[]).includes(field) ? (field as F) : null;
}

export function useFormDialog<Form, F extends string, A = {}>(setup: FormSetup<Form, F, A>) {
  const t = useT();
  const [form, setForm] = useState<Form>(setup.initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLFormElement>(null);
  const { id, fields } = setup;

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
    const element = root.current?.querySelector<HTMLElement>(setup.focusSelector?.(first) ?? `#${id}-${first}, [data-field=${first}]`);
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
    const refusal = setup.refused?.(answer.message) ?? { text: resultText(t, answer.message) };
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

  return { id, form, errors, busy, root, update, submit, error, described, inputClass };
}

export type FormDialogProps = {
  editor: Pick<ReturnType<typeof useFormDialog>, "id" | "busy" | "root" | "submit">;
  title: string;
  saveLabel: string;
  onClose: () => void;
  /** Width on a desk, in pixels. */
  width?: number;
  /** The form's class, for its area's layout (centre-form, module-form, ...). */
  className: string;
  testId?: string;
  children: ReactNode;
};

export function FormDialog({ editor, title, saveLabel, onClose, width, className, testId, children }: FormDialogProps) {
  const t = useT();
  const formId = `${editor.id}-form`;
  return (
    <Dialog
      title={title}
      onClose={onClose}
      width={width}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={editor.busy}>
            {saveLabel}
          </button>
        </>
      }
    >
      <form id={formId} ref={editor.root} className={className} onSubmit={(event) => void editor.submit(event)} noValidate data-testid={testId}>
        {children}
      </form>
    </Dialog>
  );
}
