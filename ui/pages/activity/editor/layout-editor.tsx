// The layout editor (spec 3 section 2.3), opened and closed by its tool
// button: while it is open the page itself is edited. The page draws the
// draft (../activity-layout.tsx: every element a box, hidden ones faint);
// here a box is chosen and dragged by pointer (its corner resizes it) or by
// the arrow keys, and the panel (./layout-panel.tsx) shows, hides, layers and
// styles it. The draft is checked against the allowlist the server uses, then
// saved with /activity/style.
import { useEffect, useRef, useState } from "react";
import { type LayoutElement, layoutOf } from "../../../../src/protocol/layout";
import { checkLayout } from "../../../../src/protocol/layout-style";
import { isSuccess } from "../../../../src/protocol/result";
import { api } from "../../../api";
import { confirm, showMessage } from "../../../components/message-box";
import { dataKey, resultText, useT } from "../../../i18n";
import { layoutEditing } from "../activity-layout";
import { arrange, geometry, place } from "./layout-draft";
import { LayoutPanel } from "./layout-panel";
import { useLoaded } from "../../../lib/use-loaded";
import type { ToolWindowProps } from "./tool-types";

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

export default function LayoutEditor({ activity: a, onClose, onChanged, guardClose }: ToolWindowProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const start = useRef("");
  const canvas = `[data-layout-canvas="${a.id}"]`;

  const elementsOnPage = () => Array.from(document.querySelectorAll<HTMLElement>(`${canvas} > [data-el]`)).map((box) => box.dataset.el as LayoutElement);
  const unchanged = () => JSON.stringify(layoutEditing.draft) === start.current;
  const leave = async () => unchanged() || (await confirm(t("editor.layout.discard")));

  // Open: the saved layout, or (none yet) the default arrangement measured on the page once it draws the boxes.
  useEffect(() => {
    const saved = layoutOf(a.style);
    layoutEditing.activityId = a.id;
    layoutEditing.draft = saved ? structuredClone(saved) : {};
    layoutEditing.selected = null;
    return () => {
      layoutEditing.activityId = null;
      layoutEditing.draft = null;
      layoutEditing.selected = null;
    };
  }, [a.id]);
  const present =
    useLoaded(
      async (alive) => {
        await nextFrame();
        await nextFrame();
        if (!alive()) return false;
        const found = elementsOnPage();
        if (!layoutOf(a.style)) {
          arrange(a.id, found);
          // The first arrangement measured boxes of default widths; the second measures them as placed.
          await nextFrame();
          if (alive()) arrange(a.id, found);
        }
        start.current = JSON.stringify(layoutEditing.draft);
        return found;
      },
      [a.id],
    ) || [];

  useEffect(() => {
    guardClose?.(leave);
  }, []);

  // Choosing, dragging and resizing on the page; the arrow keys nudge the chosen box.
  useEffect(() => {
    let drag: { el: LayoutElement; resize: boolean; x: number; y: number; left: number; top: number; width: number; height: number } | null = null;
    const down = (event: PointerEvent) => {
      const target = event.target as HTMLElement;
      const box = target.closest<HTMLElement>(`${canvas} > [data-el]`);
      if (!box || event.button !== 0) return;
      event.preventDefault();
      const el = box.dataset.el as LayoutElement;
      layoutEditing.selected = el;
      const g = geometry(el);
      drag = { el, resize: !!target.closest("[data-handle]"), x: event.clientX, y: event.clientY, left: g.left, top: g.top, width: g.width, height: g.height ?? box.offsetHeight };
    };
    const move = (event: PointerEvent) => {
      if (!drag) return;
      const dx = event.clientX - drag.x;
      const dy = event.clientY - drag.y;
      if (drag.resize) place(drag.el, { width: drag.width + dx, height: drag.height + dy });
      else place(drag.el, { left: drag.left + dx, top: drag.top + dy });
    };
    const up = () => {
      drag = null;
    };
    const key = (event: KeyboardEvent) => {
      const el = layoutEditing.selected;
      const arrow = ARROWS[event.key];
      if (!el || !arrow || (event.target as HTMLElement).closest("input, select, textarea")) return;
      event.preventDefault();
      const step = event.shiftKey ? 10 : 1;
      const g = geometry(el);
      place(el, { left: g.left + arrow[0] * step, top: g.top + arrow[1] * step });
    };
    document.addEventListener("pointerdown", down, true);
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    document.addEventListener("keydown", key);
    return () => {
      document.removeEventListener("pointerdown", down, true);
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      document.removeEventListener("keydown", key);
    };
  }, [a.id]);

  const refusedText = (element: unknown, property: unknown) =>
    t("editor.layout.refused", { element: typeof element === "string" ? t(dataKey("editor.layout.elements", element)) : "", property: typeof property === "string" ? property : "" });

  const save = async () => {
    const draft = JSON.parse(JSON.stringify(layoutEditing.draft ?? {}));
    const checked = checkLayout(draft);
    if ("fault" in checked) {
      layoutEditing.selected = checked.fault.element as LayoutElement;
      return showMessage(refusedText(checked.fault.element, checked.fault.property));
    }
    setBusy(true);
    const answer = await api.call("/activity/style", { id: a.id, style: draft }).finally(() => setBusy(false));
    if (!isSuccess(answer)) {
      const p = answer.message.params ?? {};
      return showMessage(p.field === "style" ? refusedText(p.element, p.property) : resultText(t, answer.message));
    }
    start.current = JSON.stringify(layoutEditing.draft);
    await showMessage(t("editor.saved"));
    onChanged();
    onClose();
  };

  const exit = async () => {
    if (await leave()) onClose();
  };

  // The boxes measured as they are drawn now, so a reset arrangement fits this activity's texts.
  const reset = () => {
    arrange(a.id, present);
    requestAnimationFrame(() => arrange(a.id, present));
  };

  return <LayoutPanel present={present} busy={busy} onSave={() => void save()} onExit={() => void exit()} onArrange={reset} />;
}
