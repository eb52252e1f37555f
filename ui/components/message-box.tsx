// Messages and confirmations: `await showMessage(text)`, `if (await confirm(text))`.
// One <MessageBoxHost/> in the app shows them one at a time, in a Dialog whose
// button reads 确定 or OK by the language. A confirmation whose choice is not a
// plain yes or no names its buttons by what they do:
// `confirm(text, { ok: t("order.cancel"), cancel: t("order.keep") })`.
import { proxy, ref, useSnapshot } from "valtio";
import { useT } from "../i18n";
import { Dialog } from "./dialog";

/** The buttons' texts, when 确定 / 取消 (OK / Cancel) would not say what they do. */
export type ConfirmLabels = { ok?: string; cancel?: string };
/** A message's second button beside OK, which does something without closing it ("Add to calendar" after a sign-up). */
export type MessageAction = { label: string; run: () => void; testId?: string };

type Item = { id: number; kind: "message" | "confirm"; text: string; labels: ConfirmLabels; action?: MessageAction; done: (ok: boolean) => void };

const queue = proxy({ items: [] as Item[] });
let nextId = 1;

function push(kind: Item["kind"], text: string, labels: ConfirmLabels = {}, action?: MessageAction): Promise<boolean> {
  return new Promise((resolve) => {
    queue.items.push(ref({ id: nextId++, kind, text, labels, action, done: resolve }));
  });
}

/** A message; with `action`, a second button beside OK (OK keeps the focus, so Enter still just closes it). */
export const showMessage = (text: string, action?: MessageAction): Promise<void> => push("message", text, {}, action).then(() => undefined);

export const confirm = (text: string, labels?: ConfirmLabels): Promise<boolean> => push("confirm", text, labels);

function answer(id: number, ok: boolean) {
  const at = queue.items.findIndex((item) => item.id === id);
  if (at < 0) return;
  const [item] = queue.items.splice(at, 1);
  item!.done(ok);
}

export function MessageBoxHost() {
  const t = useT();
  const { items } = useSnapshot(queue);
  const item = items[0];
  if (!item) return null;
  const cancel = () => answer(item.id, item.kind === "message");
  return (
    <Dialog
      key={item.id}
      title={t("common.notice")}
      role="alertdialog"
      width={400}
      onClose={cancel}
      footer={
        <>
          {item.action ? (
            <button type="button" className="button button-quiet" onClick={item.action.run} data-testid={item.action.testId}>
              {item.action.label}
            </button>
          ) : null}
          {item.kind === "confirm" ? (
            <button type="button" className="button button-quiet" onClick={() => answer(item.id, false)}>
              {item.labels.cancel ?? t("common.cancel")}
            </button>
          ) : null}
          <button type="button" className="button button-primary" data-autofocus onClick={() => answer(item.id, true)}>
            {item.labels.ok ?? t("common.ok")}
          </button>
        </>
      }
    >
      <p className="message-text" data-testid="message-text">
        {item.text}
      </p>
    </Dialog>
  );
}
