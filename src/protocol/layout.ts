// The layout editor's page (spec 3 section 2.3, spec 2 section 9): each
// element of an activity or market item page has a visibility flag and a
// style, the button a hover style too. On a desk the elements are placed on a
// page 1160 px wide; the page is as tall as its lowest visible element plus
// 40 px. Shared by the server's check, the members' pages and the editor.

export const LAYOUT_ELEMENTS = [
  "activity-body",
  "img",
  "title",
  "player",
  "start",
  "end",
  "stock",
  "groups",
  "count",
  "surplus",
  "price",
  "shoppingcart",
  "button",
  "no-power",
  "content",
] as const;

export type LayoutElement = (typeof LAYOUT_ELEMENTS)[number];

/** CSS declarations by property name (lower case), each value as text. */
export type Declarations = Record<string, string>;
export type ElementLayout = { visible: boolean; style: Declarations; hover?: Declarations };
/** What /activity/style saves and /activity/info sends as `style`; empty: the page as it always was. */
export type Layout = Partial<Record<LayoutElement, ElementLayout>>;

/** The page's width: the content's default width (spec 3 section 2.3). */
export const PAGE_WIDTH = 1160;
/** Nothing is placed lower than this (the content's own text may run on below it). */
export const PAGE_MAX_HEIGHT = 6000;
/** Space under the lowest visible element. */
export const PAGE_BOTTOM = 40;
/** Layers: the lowest is 100 and they move by 1; a hundred of them is more than fifteen elements need. */
export const Z_MIN = 100;
export const Z_MAX = 199;
/** The smallest box the editor lets a person make. */
export const MIN_SIZE = 10;

/** Width and height of a box that sets none (height null: as tall as what it holds). */
export const DEFAULT_SIZE: Readonly<Record<LayoutElement, { width: number; height: number | null }>> = {
  "activity-body": { width: PAGE_WIDTH, height: 348 },
  img: { width: 540, height: 300 },
  title: { width: 540, height: null },
  player: { width: PAGE_WIDTH, height: null },
  start: { width: 540, height: null },
  end: { width: 540, height: null },
  stock: { width: 540, height: null },
  groups: { width: 540, height: null },
  count: { width: 540, height: null },
  surplus: { width: 540, height: null },
  price: { width: 540, height: null },
  shoppingcart: { width: 540, height: null },
  button: { width: 140, height: 36 },
  "no-power": { width: 540, height: null },
  content: { width: PAGE_WIDTH, height: null },
};

/** A length the layout stores ("24px"), as a whole number of pixels; NaN when it is not one. */
export const pixels = (value: string | undefined): number => {
  const m = value === undefined ? null : /^(\d{1,5})px$/.exec(value);
  return m ? Number(m[1]) : Number.NaN;
};

/** Where a box sits and how big it is, its defaults filled in. */
export function geometryOf(element: LayoutElement, style: Declarations | undefined, order: number) {
  const get = (name: string, fallback: number | null) => {
    const n = pixels(style?.[name]);
    return Number.isNaN(n) ? fallback : n;
  };
  const z = Number(style?.["z-index"]);
  return {
    left: get("left", 0)!,
    top: get("top", 0)!,
    width: get("width", DEFAULT_SIZE[element].width)!,
    height: get("height", DEFAULT_SIZE[element].height),
    zIndex: Number.isInteger(z) && z >= Z_MIN && z <= Z_MAX ? z : Z_MIN + order,
  };
}

/** The saved layout, or null when there is none (an empty object, or anything that is not one). */
export function layoutOf(style: unknown): Layout | null {
  if (!style || typeof style !== "object" || Array.isArray(style)) return null;
  const entries = Object.entries(style as Record<string, unknown>).filter(([k]) => (LAYOUT_ELEMENTS as readonly string[]).includes(k));
  return entries.length ? (Object.fromEntries(entries) as Layout) : null;
}
