// Quill 2 in a React component (ARCHITECTURE section 9: Quill directly in an
// effect). Loaded lazily through ./rich-text.tsx. The toolbar offers only
// what the server's cleaner keeps (src/domains/shared/rich-text.ts): Quill's
// classes, never inline styles, so colours and fonts are left out. An image
// gets its description (its alt text) in a small window: asked as it is
// inserted, and again by a click on it or the toolbar's description button
// (for the image at the caret), so a keyboard reaches it too.
import Quill from "quill";
import type { Range } from "quill";
import { useEffect, useRef, useState } from "react";
import { message } from "../../src/protocol/result";
import { type Translate, dataKey, t, useT } from "../i18n";
import { FormDialog, useFormDialog } from "./form-dialog";
import { IMAGE_ACCEPT, IMAGE_TYPES, uploadImage } from "./image-upload";
import { showMessage } from "./message-box";

// The props live here, with the editor, so ./rich-text.tsx imports this file (lazily) and not the other way round.
export type RichTextEditorProps = {
  value: string;
  onChange: (html: string) => void;
  /** The id of the element that names the editor. */
  labelledBy: string;
  /** The id of an error shown below, when there is one. */
  describedBy?: string;
  invalid?: boolean;
  testId?: string;
};

const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ["bold", "italic", "underline", "strike"],
  [{ list: "ordered" }, { list: "bullet" }],
  [{ align: [] }],
  ["blockquote", "link", "image", "alt"],
  ["clean"],
];

/** Quill's default bindings of Tab and Shift+Tab (modules/keyboard.js). */
const QUILL_TAB_BINDINGS = ["tab", "indent", "outdent", "indent code-block", "outdent code-block", "remove tab", "table tab"];

const Delta = Quill.import("delta") as typeof import("quill").Delta;

// Quill's image drops an empty alt; an image without one is read out by its address. Ours always has one
// (empty: a picture in an article illustrates the text around it).
const QuillImage = Quill.import("formats/image") as unknown as {
  new (...args: never[]): { domNode: HTMLElement; format(name: string, value: unknown): void };
  create(value: unknown): HTMLElement;
};
class Image extends QuillImage {
  static override create(value: unknown): HTMLElement {
    const node = super.create(value);
    if (!node.hasAttribute("alt")) node.setAttribute("alt", "");
    return node;
  }

  override format(name: string, value: unknown) {
    if (name === "alt" && !value) this.domNode.setAttribute("alt", "");
    else super.format(name, value);
  }
}
Quill.register({ "formats/image": Image }, true);

/** Quill has no icon for the description button: a picture frame with a text line. */
const ALT_ICON =
  '<svg viewBox="0 0 18 18" aria-hidden="true"><rect class="ql-stroke" x="2" y="3" width="14" height="12" rx="1" fill="none"/><line class="ql-stroke" x1="5" y1="12" x2="13" y2="12"/><line class="ql-stroke" x1="5" y1="9" x2="10" y2="9"/></svg>';

type ImageBlot = InstanceType<typeof Image>;

/** The image the caret is on or just after (or the one selected), if any. */
function imageAtCaret(quill: Quill): ImageBlot | null {
  const range = quill.getSelection(true);
  const at = [range.length > 0 ? range.index + 1 : range.index, range.index + 1];
  for (const index of at) {
    const [leaf] = quill.getLeaf(index);
    if (leaf instanceof Image) return leaf;
  }
  return null;
}

/** The window that asks for an image's description; it sends nothing: the description goes on the image. */
function AltWindow({ alt, testId, onSave, onClose }: { alt: string; testId?: string; onSave: (alt: string) => void; onClose: () => void }) {
  const tr = useT();
  const editor = useFormDialog<{ alt: string }, "alt", { alt: string }>({
    id: `${testId ?? "rich"}-alt`,
    fields: ["alt"],
    initial: () => ({ alt }),
    // Any description will do, an empty one too (a picture that only decorates).
    validate: () => ({}),
    send: async (form) => ({ message: message("SUCCESS"), alt: form.alt.trim() }),
    accepted: (answer) => onSave(answer.alt!),
  });
  const id = editor.id;
  return (
    <FormDialog editor={editor} title={tr("upload.alt.title")} saveLabel={tr("upload.alt.save")} saveTestId="alt-save" onClose={onClose} width={440} className="rich-alt-form">
      <div className="field">
        <label htmlFor={id}>{tr("upload.alt.label")}</label>
        <input id={id} className="input" value={editor.form.alt} maxLength={200} onChange={(e) => editor.update({ alt: e.target.value })} aria-describedby={`${id}-hint`} data-autofocus data-testid="alt-text" />
        <p id={`${id}-hint`} className="field-hint">
          {tr("upload.alt.hint")}
        </p>
      </div>
    </FormDialog>
  );
}

/** Names for the toolbar's controls, which Quill draws as icons only. */
function labelToolbar(toolbar: HTMLElement, translate: Translate) {
  toolbar.setAttribute("role", "toolbar");
  toolbar.setAttribute("aria-label", translate("upload.toolbar.label"));
  for (const button of toolbar.querySelectorAll<HTMLButtonElement>("button")) {
    const format = [...button.classList].find((c) => c.startsWith("ql-"))?.slice(3);
    const key = format === "list" ? button.value : format;
    if (key) button.setAttribute("aria-label", translate(dataKey("upload.toolbar", key)));
  }
  for (const picker of toolbar.querySelectorAll<HTMLElement>(".ql-picker")) {
    const format = [...picker.classList].find((c) => c.startsWith("ql-") && c !== "ql-picker")?.slice(3);
    picker.querySelector(".ql-picker-label")?.setAttribute("aria-label", format ? translate(dataKey("upload.toolbar", format)) : "");
  }
}

export default function RichTextEditorImpl({ value, onChange, labelledBy, describedBy, invalid, testId }: RichTextEditorProps) {
  const tr = useT();
  const wrap = useRef<HTMLDivElement>(null);
  const editor = useRef<Quill | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  /** The image whose description is being asked for. */
  const [describing, setDescribing] = useState<ImageBlot | null>(null);

  useEffect(() => {
    const host = document.createElement("div");
    wrap.current!.appendChild(host);

    /** Uploads one image and puts its address where the caret is; never a data: address. */
    const insertImages = async (range: Range | null, files: File[]) => {
      if (files.length === 0) return;
      if (files.length > 1) return void (await showMessage(t("upload.oneAtATime")));
      const path = await uploadImage("rich", files[0]!);
      if (!path) return;
      const at = range?.index ?? quill.getLength() - 1;
      quill.insertEmbed(at, "image", path, "user");
      quill.setSelection(at + 1, 0, "silent");
      // Asked at once: the editor knows what the picture shows.
      const [leaf] = quill.getLeaf(at + 1);
      if (leaf instanceof Image) setDescribing(leaf);
    };

    const quill = new Quill(host, {
      theme: "snow",
      modules: {
        toolbar: {
          container: TOOLBAR,
          handlers: {
            image() {
              const input = document.createElement("input");
              input.type = "file";
              input.accept = IMAGE_ACCEPT;
              input.addEventListener("change", () => void insertImages(quill.getSelection(true), [...(input.files ?? [])]));
              input.click();
            },
            alt() {
              const image = imageAtCaret(quill);
              if (image) setDescribing(image);
              else void showMessage(t("upload.alt.noImage"));
            },
          },
        },
        // Tab leaves the editor (its window's Save must be reachable by keyboard), so none of Quill's Tab bindings
        // (a tab character, list and code indents) are kept; false removes a default binding of that name.
        keyboard: { bindings: Object.fromEntries(QUILL_TAB_BINDINGS.map((name) => [name, false])) },
        // Dropped and pasted image files: the same upload (Quill's own would inline them as data: addresses).
        uploader: { mimetypes: IMAGE_TYPES, handler: (range: Range, files: File[]) => void insertImages(range, files) },
      },
    });
    // Pasted HTML may carry inline images: they are not kept (the server would drop them anyway).
    quill.clipboard.addMatcher("IMG", (node, delta) => (/^data:/i.test((node as HTMLElement).getAttribute("src") ?? "") ? new Delta() : delta));
    // Not dangerouslyPasteHTML: it also puts the caret in the editor, so the focus jumped here from the window's
    // first field once this lazily loaded editor arrived.
    if (value) quill.setContents(quill.clipboard.convert({ html: value, text: "" }), "silent");
    quill.history.clear();
    quill.root.setAttribute("role", "textbox");
    quill.root.setAttribute("aria-multiline", "true");
    quill.root.setAttribute("aria-labelledby", labelledBy);
    quill.root.addEventListener("click", (event) => {
      const blot = event.target instanceof HTMLImageElement ? Quill.find(event.target) : null;
      if (blot instanceof Image) setDescribing(blot);
    });
    const altButton = (quill.getModule("toolbar") as { container: HTMLElement }).container.querySelector("button.ql-alt");
    if (altButton) altButton.innerHTML = ALT_ICON;
    quill.on("text-change", () => {
      const empty = quill.getLength() <= 1 && !quill.root.querySelector("img");
      changed.current(empty ? "" : quill.root.innerHTML);
    });
    editor.current = quill;
    return () => {
      editor.current = null;
      wrap.current?.replaceChildren();
    };
  }, []);

  // Labels follow the language.
  useEffect(() => {
    const quill = editor.current;
    if (quill) labelToolbar((quill.getModule("toolbar") as { container: HTMLElement }).container, tr);
  }, [tr]);

  useEffect(() => {
    const root = editor.current?.root;
    if (!root) return;
    if (invalid) root.setAttribute("aria-invalid", "true");
    else root.removeAttribute("aria-invalid");
    if (describedBy) root.setAttribute("aria-describedby", describedBy);
    else root.removeAttribute("aria-describedby");
  }, [invalid, describedBy]);

  const describe = (alt: string) => {
    const quill = editor.current;
    const image = describing;
    setDescribing(null);
    if (!quill || !image || !image.domNode.isConnected) return;
    const index = quill.getIndex(image);
    // Empty is kept as alt="" (a picture that only decorates), never dropped (see Image.format).
    quill.formatText(index, 1, "alt", alt || false, "user");
    quill.setSelection(index + 1, 0, "silent");
  };

  return (
    <>
      <div ref={wrap} className={`rich-editor${invalid ? " is-invalid" : ""}`} data-testid={testId} />
      {describing ? <AltWindow alt={describing.domNode.getAttribute("alt") ?? ""} testId={testId} onSave={describe} onClose={() => setDescribing(null)} /> : null}
    </>
  );
}
