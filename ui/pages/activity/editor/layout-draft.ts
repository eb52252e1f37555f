// The layout editor's draft and what it does to it (spec 3 section 2.3): the
// default arrangement, moving and resizing a box inside the page, showing or
// hiding it, its layer (from 100, by 1), and its looks. The draft lives in
// `layoutEditing` (../activity-layout.tsx), which the page draws.
import { type Declarations, DEFAULT_SIZE, geometryOf, type Layout, LAYOUT_ELEMENTS, type LayoutElement, MIN_SIZE, PAGE_MAX_HEIGHT, PAGE_WIDTH, Z_MAX, Z_MIN } from "../../../../src/protocol/layout";
import { layoutEditing } from "../activity-layout";

const MARGIN = 24;
const GAP = 14;
/** The right-hand column of the default arrangement, top to bottom (the button and the reason share a place: a member sees one). */
const COLUMN: readonly LayoutElement[] = ["groups", "title", "start", "end", "stock", "count", "surplus", "price", "shoppingcart", "button"];
const COLUMN_LEFT = MARGIN + DEFAULT_SIZE.img.width + 32;
/** A video's box is measured before its video has loaded: its title, the video (480 at most) and padding. */
const PLAYER_HEIGHT = 580;

const order = (el: LayoutElement) => LAYOUT_ELEMENTS.indexOf(el);
export const px = (n: number) => `${Math.round(n)}px`;

export function draft(): Layout {
  return layoutEditing.draft!;
}

export function entryOf(el: LayoutElement) {
  const d = draft();
  d[el] ??= { visible: true, style: {} };
  return d[el]!;
}

export function geometry(el: LayoutElement) {
  return geometryOf(el, draft()[el]?.style, order(el));
}

/** The box on the page, for what only the page knows (how tall a text is). */
export function boxOf(activityId: number, el: LayoutElement): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-layout-canvas="${activityId}"] > [data-el="${el}"]`);
}

const clamp = (n: number, low: number, high: number) => Math.min(Math.max(n, low), Math.max(low, high));

/** Moves and sizes a box, kept inside the page. */
export function place(el: LayoutElement, want: { left?: number; top?: number; width?: number; height?: number | null }) {
  const g = geometry(el);
  const width = clamp(Math.round(want.width ?? g.width), MIN_SIZE, PAGE_WIDTH);
  const height = want.height === null ? null : want.height === undefined ? g.height : clamp(Math.round(want.height), MIN_SIZE, PAGE_MAX_HEIGHT);
  const left = clamp(Math.round(want.left ?? g.left), 0, PAGE_WIDTH - width);
  const top = clamp(Math.round(want.top ?? g.top), 0, PAGE_MAX_HEIGHT - (height ?? 0));
  const style = entryOf(el).style;
  style.left = px(left);
  style.top = px(top);
  style.width = px(width);
  if (height === null) delete style.height;
  else style.height = px(height);
  style["z-index"] ??= String(g.zIndex);
}

/** One layer up or down, never under 100 or over 199. */
export function layer(el: LayoutElement, by: 1 | -1) {
  entryOf(el).style["z-index"] = String(clamp(geometry(el).zIndex + by, Z_MIN, Z_MAX));
}

/** Sets one look (or clears it with an empty value), on the box or on the button's hover. */
export function setLook(el: LayoutElement, property: string, value: string, hover = false) {
  const entry = entryOf(el);
  const target: Declarations = hover ? (entry.hover ??= {}) : entry.style;
  if (value) target[property] = value;
  else delete target[property];
  if (hover && entry.hover && Object.keys(entry.hover).length === 0) delete entry.hover;
}

/**
 * The default arrangement of the elements the page has, measured on the page
 * as it is drawn: the image on the left (540x300), the facts stacked on the
 * right, the background behind both, then the video and the details below
 * across the page (1160). Every box gets its place and layer.
 */
export function arrange(activityId: number, present: readonly LayoutElement[]) {
  const next: Layout = {};
  for (const el of present) next[el] = { visible: draft()[el]?.visible ?? true, style: { "z-index": String(Z_MIN + order(el)) } };
  // The reason shares the button's place: the button lies above it, so it can be taken on the page.
  if (next.button && next["no-power"]) [next.button.style["z-index"], next["no-power"].style["z-index"]] = [next["no-power"].style["z-index"]!, next.button.style["z-index"]!];
  layoutEditing.draft = next;
  const height = (el: LayoutElement) => boxOf(activityId, el)?.offsetHeight ?? 0;
  if (present.includes("img")) place("img", { left: MARGIN, top: MARGIN, width: DEFAULT_SIZE.img.width, height: DEFAULT_SIZE.img.height });
  let y = MARGIN;
  for (const el of COLUMN.filter((e) => present.includes(e))) {
    place(el, { left: COLUMN_LEFT, top: y, width: el === "button" ? DEFAULT_SIZE.button.width : PAGE_WIDTH - COLUMN_LEFT - MARGIN, height: DEFAULT_SIZE[el].height });
    y += (DEFAULT_SIZE[el].height ?? height(el)) + GAP;
  }
  if (present.includes("no-power")) place("no-power", { left: COLUMN_LEFT, top: present.includes("button") ? geometry("button").top : y, width: PAGE_WIDTH - COLUMN_LEFT - MARGIN, height: null });
  const reasonBottom = present.includes("no-power") ? geometry("no-power").top + height("no-power") : 0;
  const bodyHeight = Math.max(MARGIN + (DEFAULT_SIZE.img.height ?? 0), y - GAP, reasonBottom) + MARGIN;
  place("activity-body", { left: 0, top: 0, width: PAGE_WIDTH, height: bodyHeight });
  let below = bodyHeight + 20;
  for (const el of ["player", "content"] as const) {
    if (!present.includes(el)) continue;
    place(el, { left: 0, top: below, width: PAGE_WIDTH, height: null });
    // Room for a video only when there is one: an activity without a video draws an empty player box, which takes none.
    if (el === "content" || height(el) > 0) below += (el === "player" ? Math.max(height(el), PLAYER_HEIGHT) : height(el)) + 20;
  }
}
