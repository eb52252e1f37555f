// An activity's saved layout on the members' pages (spec 3 section 2.3): on a
// desk each element is a box placed where the layout says, hidden ones left
// out, the page as tall as its lowest box plus 40 px; on a narrower screen the
// page keeps its normal flow (only the hidden elements left out). An activity
// without a layout is drawn as it always was. While the layout editor is open
// (editor/layout-editor.tsx, a staff chunk) the page draws its draft, hidden
// boxes faint, whatever the screen.
import { type CSSProperties, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { proxy, useSnapshot } from "valtio";
import { type Declarations, geometryOf, type Layout, LAYOUT_ELEMENTS, type LayoutElement, layoutOf, PAGE_BOTTOM, PAGE_WIDTH } from "../../../src/protocol/layout";
import type { Activity } from "./activity-model";

/** Where a placed layout starts: the page's column is 1152 px at most, and the page 1160 bleeds 4 px into its margins. */
export const DESK_QUERY = "(min-width: 1200px)";

/** The layout editor's draft, shared with the page it edits. */
export const layoutEditing = proxy<{ activityId: number | null; draft: Layout | null; selected: LayoutElement | null }>({ activityId: null, draft: null, selected: null });

function useDesk(): boolean {
  const [desk, setDesk] = useState(() => typeof matchMedia === "function" && matchMedia(DESK_QUERY).matches);
  useEffect(() => {
    const query = matchMedia(DESK_QUERY);
    const changed = () => setDesk(query.matches);
    query.addEventListener("change", changed);
    return () => query.removeEventListener("change", changed);
  }, []);
  return desk;
}

export type Placement = {
  /** The layout to place, or null for the page as it always was. */
  layout: Layout | null;
  /** Boxes placed on the page (a desk, or the editor open); else the normal flow. */
  placed: boolean;
  editing: boolean;
  /** The elements the flow leaves out. */
  hidden: ReadonlySet<string>;
};

export function usePlacement(a: Pick<Activity, "id" | "style">): Placement {
  const desk = useDesk();
  const edit = useSnapshot(layoutEditing);
  const editing = edit.activityId === a.id && edit.draft !== null;
  const layout = editing ? (edit.draft as Layout) : layoutOf(a.style);
  const hidden = new Set(Object.entries(layout ?? {}).flatMap(([k, v]) => (v.visible ? [] : [k])));
  return { layout, placed: editing || (!!layout && desk), editing, hidden };
}

/** A piece the box holds, or one given the box's looks itself (the button is styled, not its frame). */
export type Piece = ReactNode | ((look: CSSProperties) => ReactNode);

const PLACE = new Set(["left", "top", "width", "height", "z-index"]);
/** Stored styles passed the server's allowlist; this only guards what is written as style text. */
const SAFE_NAME = /^[a-z-]{1,40}$/;
const SAFE_VALUE = /^[a-z0-9#.,%() -]{1,100}$/;

function lookOf(style: Declarations | undefined): CSSProperties {
  const entries = Object.entries(style ?? {}).filter(([k, v]) => !PLACE.has(k) && SAFE_NAME.test(k) && SAFE_VALUE.test(v));
  return Object.fromEntries(entries.map(([k, v]) => [k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), v])) as CSSProperties;
}

function hoverRule(id: number, hover: Declarations | undefined): string {
  const body = Object.entries(hover ?? {})
    .filter(([k, v]) => SAFE_NAME.test(k) && SAFE_VALUE.test(v))
    .map(([k, v]) => `${k}:${v} !important`)
    .join(";");
  return body ? `[data-layout-canvas="${id}"] [data-el=button] .button:hover{${body}}` : "";
}

export type CanvasProps = {
  activityId: number;
  layout: Layout;
  editing: boolean;
  pieces: Partial<Record<LayoutElement, Piece>>;
  className: string;
  testId: string;
  check: string;
};

/** The placed page: one box per element the page has. */
export function LayoutCanvas({ activityId, layout, editing, pieces, className, testId, check }: CanvasProps) {
  const canvas = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);
  const { selected } = useSnapshot(layoutEditing);
  useLayoutEffect(() => {
    const page = canvas.current;
    if (!page) return;
    const measure = () => {
      let lowest = 0;
      for (const box of Array.from(page.querySelectorAll<HTMLElement>(":scope > [data-el]"))) lowest = Math.max(lowest, box.offsetTop + Math.max(box.offsetHeight, box.scrollHeight));
      setHeight(lowest + PAGE_BOTTOM);
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const box of Array.from(page.querySelectorAll(":scope > [data-el]"))) observer.observe(box);
    return () => observer.disconnect();
  });
  const boxes = LAYOUT_ELEMENTS.flatMap((element, order) => {
    const piece = pieces[element];
    const entry = layout[element];
    if (piece === undefined || (entry && !entry.visible && !editing)) return [];
    const g = geometryOf(element, entry?.style, order);
    const place: CSSProperties = { left: g.left, top: g.top, width: g.width, height: g.height ?? undefined, zIndex: g.zIndex };
    const look = lookOf(entry?.style);
    const own = typeof piece === "function";
    return [
      <div
        key={element}
        className={`layout-box${entry && !entry.visible ? " layout-ghost" : ""}`}
        data-el={element}
        data-selected={editing && selected === element ? "" : undefined}
        style={own ? place : { ...look, ...place }}
      >
        {own ? piece(look) : piece}
        {editing && selected === element ? <span className="layout-handle" data-handle="" /> : null}
      </div>,
    ];
  });
  return (
    <article
      ref={canvas}
      className={`${className} layout-page${editing ? " layout-editing" : ""}`}
      data-layout-canvas={activityId}
      data-testid={testId}
      data-check={check}
      style={{ width: PAGE_WIDTH, height }}
    >
      <style>{hoverRule(activityId, layout.button?.hover)}</style>
      {boxes}
    </article>
  );
}
