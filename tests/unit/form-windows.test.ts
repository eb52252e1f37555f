// One editing window (decision 124, issue 30 item 5): a window that edits
// something and saves it is ui/components/form-dialog.tsx's FormDialog, run by
// useFormDialog, so each has its errors under the fields, the "keep editing or
// discard?" question and the same footer. A `<Dialog` whose footer holds its own
// save button (a submit button, a button sending a form by its id, a test id
// ending in -save or -submit, a click that runs save, submit or done) is a copy of
// it that drifts. Windows that show or confirm (a message box, a job's progress,
// the pay window, the sign-up steps) have other buttons and are not flagged.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");
const ALLOWED = "ui/components/form-dialog.tsx";

/** The index just past the bracket closing the one at `open` (`{` or `(`), counting nested brackets. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === "{" || c === "(") depth++;
    else if ((c === "}" || c === ")") && --depth === 0) return i + 1;
  }
  return text.length;
}

/** The opening tag of the element starting at `start` (`<Dialog ...>`), its braces skipped whole. */
function openingTag(text: string, start: number): string {
  for (let i = start; i < text.length; i++) {
    if (text[i] === "{") i = closing(text, i) - 1;
    else if (text[i] === ">") return text.slice(start, i + 1);
  }
  return text.slice(start);
}

/** What a variable is set to in the file (`const footer = (...)`, `footer = ...;`), every assignment, for a footer passed by name. */
function assignments(text: string, name: string): string[] {
  const found: string[] = [];
  const pattern = new RegExp(`\\b${name}\\s*(?::[^=;]+)?=(?![=>])`, "g");
  for (const match of text.matchAll(pattern)) {
    let end = match.index! + match[0].length;
    // To the end of the statement: the first `;` outside brackets.
    while (end < text.length && text[end] !== ";") end = /[{(]/.test(text[end]!) ? closing(text, end) : end + 1;
    found.push(text.slice(match.index! + match[0].length, end));
  }
  return found;
}

/** Why a footer is an editing window's own save button, or null. */
function saveButton(footer: string): string | null {
  if (/\btype=(?:"submit"|'submit'|\{\s*"submit"\s*\})/.test(footer)) return 'a type="submit" button';
  if (/<button\b[^>]*\bform=/.test(footer)) return "a button sending a form by its id";
  const testId = /data-testid=(?:"([^"]*-(?:save|submit))"|\{`([^`]*-(?:save|submit))`\})/.exec(footer);
  if (testId) return `a button with test id ${testId[1] ?? testId[2]}`;
  if (/onClick=\{\s*(?:\(\)\s*=>\s*(?:void\s+)?)?(?:save|submit|done)\b/.test(footer)) return "a button running save, submit or done";
  return null;
}

/** The `<Dialog` elements of a file whose footer holds a save button: "line: why". */
export function editingDialogs(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/<Dialog(?![\w.])/g)) {
    const tag = openingTag(text, match.index!);
    const at = tag.search(/\bfooter=\{/);
    if (at < 0) continue;
    const brace = at + "footer=".length;
    const value = tag.slice(brace + 1, closing(tag, brace) - 1).trim();
    // A footer passed by name is read where it is set.
    const footers = /^[A-Za-z_$][\w$]*$/.test(value) ? assignments(text, value) : [value];
    const why = footers.map(saveButton).find(Boolean);
    if (why) out.push(`${text.slice(0, match.index).split("\n").length}: ${why}`);
  }
  return out;
}

describe("one editing window", () => {
  test("no window under ui/ but FormDialog is a <Dialog> with its own save button in the footer", () => {
    const offenders: string[] = [];
    let dialogs = 0;
    for (const file of new Bun.Glob("ui/**/*.tsx").scanSync(ROOT)) {
      if (file === ALLOWED) continue;
      const text = readFileSync(join(ROOT, file), "utf8");
      dialogs += text.match(/<Dialog(?![\w.])/g)?.length ?? 0;
      offenders.push(...editingDialogs(text).map((found) => `${file}:${found}`));
    }
    // A scan that found no windows (run from the wrong folder) would pass for the wrong reason.
    expect(dialogs).toBeGreaterThan(40);
    expect(offenders).toEqual([]);
  });

  test("the check flags a hand-written editing window, its footer written in place or by name", () => {
    const inPlace = `
      return (
        <Dialog title={t("market.newCategory")} onClose={onClose} width={420}
          footer={
            <>
              <button type="button" className="button button-quiet" onClick={onClose}>{t("market.cancel")}</button>
              <button type="submit" form="category-form" className="button button-primary" disabled={busy}>{t("market.save")}</button>
            </>
          }
        >
          <form id="category-form" onSubmit={(e) => void save(e)} noValidate>...</form>
        </Dialog>
      );`;
    const byTestId = `
      <Dialog title={t("editor.gift.createTitle")} onClose={onClose} footer={<>
        <button type="button" onClick={onClose}>{t("common.cancel")}</button>
        <button type="button" className="button button-primary" onClick={() => void go()} data-testid="gift-save">{t("editor.save")}</button>
      </>}>`;
    const byClick = `<Dialog title={x} onClose={onClose} footer={<button type="button" onClick={() => void submit()}>{t("common.ok")}</button>}>`;
    const byName = `
      const footer = (
        <button type="submit" form={\`\${id}-form\`} className="button button-primary">{t("upload.alt.save")}</button>
      );
      return <Dialog title={x} onClose={onClose} footer={footer}>{body}</Dialog>;`;
    expect(editingDialogs(inPlace)).toEqual(['3: a type="submit" button']);
    expect(editingDialogs(byTestId)).toEqual(["2: a button with test id gift-save"]);
    expect(editingDialogs(byClick)).toEqual(["1: a button running save, submit or done"]);
    expect(editingDialogs(byName)).toEqual(['5: a type="submit" button']);
  });

  test("the check leaves windows that show or confirm alone", () => {
    const messageBox = `
      <Dialog title={title} onClose={() => answer(item.id, false)} footer={
        <>
          {item.kind === "confirm" ? <button type="button" className="button button-quiet" onClick={() => answer(item.id, false)}>{t("common.cancel")}</button> : null}
          <button type="button" className="button button-primary" data-autofocus onClick={() => answer(item.id, true)}>{t("common.ok")}</button>
        </>
      }>`;
    const list = `<Dialog title={t("homeEdit.banner.list")} onClose={onClose} footer={<button type="button" className="button button-primary" data-testid="banner-new" onClick={() => setEditing("new")}>{t("homeEdit.banner.create")}</button>}>`;
    const steps = `
      let footer: ReactNode = later;
      if (view.kind === "paying") footer = (<button type="button" className="button button-primary" onClick={check} data-testid="dues-paid">{t("dues.paid")}</button>);
      return <Dialog title={t("dues.windowTitle")} onClose={onClose} footer={footer}>{body}</Dialog>;`;
    const plain = `<Dialog title={t("sms.title")} onClose={onClose} width={820}>{rows}</Dialog>`;
    for (const text of [messageBox, list, steps, plain]) expect(editingDialogs(text)).toEqual([]);
  });
});
