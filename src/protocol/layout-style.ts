// The layout editor's styles are checked against an allowlist of properties
// and of values (spec 3 section 2.3; issue 17). A style is data a member's
// browser applies, so nothing in it may fetch (url(), @import, image-set),
// run (expression(), javascript:, behavior, -moz-binding), hide a forbidden
// word (backslash escapes, comments, non-ASCII look-alikes), or leave the
// page (position, negative or huge offsets, layers outside 100-199).
// The server checks with this (src/domains/activity/layout-style.ts) and the
// editor checks with it before sending; the members' pages only read.
import { type Declarations, DEFAULT_SIZE, type Layout, LAYOUT_ELEMENTS, type LayoutElement, MIN_SIZE, PAGE_MAX_HEIGHT, PAGE_WIDTH, pixels, Z_MAX, Z_MIN } from "./layout";

/** What a value may be written with at all: no backslash, slash, star, colon, semicolon, quote, brace, at-sign or non-ASCII. */
const VALUE_CHARACTERS = /^[a-z0-9#.,%() -]{1,100}$/;

const NAMED_COLORS = new Set(["transparent", "currentcolor", "black", "white", "gray", "grey", "silver", "red", "maroon", "orange", "gold", "yellow", "olive", "green", "lime", "teal", "aqua", "navy", "blue", "purple", "fuchsia"]);
const byte = (s: string) => Number(s) <= 255;

function isColor(v: string): boolean {
  if (/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.test(v)) return true;
  if (NAMED_COLORS.has(v)) return true;
  const m = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(0|1|0?\.\d{1,3}|1\.0{1,3})\s*)?\)$/.exec(v);
  return !!m && byte(m[1]!) && byte(m[2]!) && byte(m[3]!);
}

/** A whole or decimal number of pixels between min and max ("0" too). */
const px = (min: number, max: number) => (v: string) => {
  const m = /^(-?\d{1,4}(?:\.\d{1,2})?)px$/.exec(v) ?? (v === "0" ? ["0", "0"] : null);
  return !!m && Number(m[1]) >= min && Number(m[1]) <= max;
};
const number = (min: number, max: number) => (v: string) => /^\d{1,2}(?:\.\d{1,3})?$/.test(v) && Number(v) >= min && Number(v) <= max;
const oneOf = (...words: string[]) => (v: string) => words.includes(v);
const either = (...checks: ((v: string) => boolean)[]) => (v: string) => checks.some((c) => c(v));
/** The value's words, split at spaces outside parentheses ("0px 2px rgba(0, 0, 0, 0.2)" is three). */
function words(v: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let word = "";
  for (const c of v) {
    if (c === "(") depth++;
    if (c === ")") depth--;
    if (c === " " && depth === 0) {
      if (word) out.push(word);
      word = "";
    } else word += c;
  }
  if (word) out.push(word);
  return out;
}

/** One to four values, each passing `each` (padding, border-radius). */
const upToFour = (each: (v: string) => boolean) => (v: string) => {
  const parts = words(v);
  return parts.length <= 4 && parts.every(each);
};
const percent = (min: number, max: number) => (v: string) => /^\d{1,3}%$/.test(v) && Number(v.slice(0, -1)) >= min && Number(v.slice(0, -1)) <= max;

const BORDER_STYLES = ["none", "solid", "dashed", "dotted", "double"];
const borderWidth = px(0, 10);
/** `border`: a width, a style and a colour, each at most once, in any order. */
function isBorder(v: string): boolean {
  if (v === "none") return true;
  const parts = words(v);
  if (parts.length > 3) return false;
  const kinds = parts.map((p) => (borderWidth(p) ? "width" : BORDER_STYLES.includes(p) ? "style" : isColor(p) ? "color" : null));
  return kinds.every(Boolean) && new Set(kinds).size === kinds.length;
}
/** `box-shadow`: none, or x y [blur [spread]] colour, lengths small. */
function isShadow(v: string): boolean {
  if (v === "none") return true;
  const parts = words(v);
  const color = parts.pop()!;
  if (!isColor(color) || parts.length < 2 || parts.length > 4) return false;
  const [x, y, blur, spread] = parts;
  return px(-40, 40)(x!) && px(-40, 40)(y!) && (blur === undefined || px(0, 80)(blur)) && (spread === undefined || px(-40, 40)(spread));
}

/** Properties that change how an element looks, with their values. */
const LOOKS: Readonly<Record<string, (v: string) => boolean>> = {
  color: isColor,
  "background-color": isColor,
  "border-color": isColor,
  border: isBorder,
  "border-width": borderWidth,
  "border-style": oneOf(...BORDER_STYLES),
  "border-radius": upToFour(either(px(0, 600), percent(0, 50))),
  padding: upToFour(px(0, 48)),
  "font-size": px(8, 96),
  "font-weight": oneOf("normal", "bold", "100", "200", "300", "400", "500", "600", "700", "800", "900"),
  "font-style": oneOf("normal", "italic"),
  "text-align": oneOf("left", "center", "right", "justify"),
  "text-decoration": oneOf("none", "underline", "line-through"),
  "line-height": either(oneOf("normal"), number(0.8, 4), px(8, 200)),
  "letter-spacing": either(oneOf("normal"), px(-2, 20)),
  opacity: number(0, 1),
  "box-shadow": isShadow,
  overflow: oneOf("visible", "hidden", "auto"),
};

/** What the button's hover style may change: its colours and emphasis, never its place. */
const HOVER = new Set(["color", "background-color", "border-color", "opacity", "text-decoration", "box-shadow", "font-weight"]);
const PLACE = new Set(["left", "top", "width", "height", "z-index"]);

/** The property a style may not have, and on which element; null when the layout is allowed. */
export type StyleFault = { element: string; property?: string };

/** The element's declarations, normalised (names and values lower case, spaces single), or the first property refused. */
function checkDeclarations(element: LayoutElement, input: Record<string, unknown>, hover: boolean): { ok: Declarations } | StyleFault {
  const out: Declarations = {};
  for (const [rawName, rawValue] of Object.entries(input)) {
    const name = rawName.trim().toLowerCase();
    const fault = { element, property: hover ? `hover.${name}` : name };
    if (typeof rawValue !== "string" || name in out) return fault;
    const value = rawValue.trim().replace(/\s+/g, " ").toLowerCase();
    if (!VALUE_CHARACTERS.test(value)) return fault;
    if (PLACE.has(name) && !hover) {
      if (name === "z-index" ? !/^\d{3}$/.test(value) || Number(value) < Z_MIN || Number(value) > Z_MAX : !px(0, PAGE_MAX_HEIGHT)(value) || !/^\d+px$/.test(value)) return fault;
    } else if (!(hover ? HOVER.has(name) : name in LOOKS) || !LOOKS[name]!(value)) {
      return fault;
    }
    out[name] = value;
  }
  // The box stays on the page: inside its width, above its lowest line, never smaller than the editor allows.
  if (!hover) {
    const size = DEFAULT_SIZE[element];
    const left = pixels(out.left ?? "0px");
    const top = pixels(out.top ?? "0px");
    const width = out.width === undefined ? size.width : pixels(out.width);
    const height = out.height === undefined ? (size.height ?? 0) : pixels(out.height);
    if (out.width !== undefined && (width < MIN_SIZE || width > PAGE_WIDTH)) return { element, property: "width" };
    if (out.height !== undefined && (height < MIN_SIZE || height > PAGE_MAX_HEIGHT)) return { element, property: "height" };
    if (left + width > PAGE_WIDTH) return { element, property: "left" };
    if (top + height > PAGE_MAX_HEIGHT) return { element, property: "top" };
  }
  return { ok: out };
}

/**
 * The layout as it will be stored, or the first fault: an element that is not
 * one of the fifteen, a hover style on another element than the button, or a
 * property or value outside the allowlist.
 */
export function checkLayout(input: Record<string, { visible: boolean; style: Record<string, unknown>; hover?: Record<string, unknown> }>): { layout: Layout } | { fault: StyleFault } {
  const layout: Layout = {};
  for (const [name, entry] of Object.entries(input)) {
    if (!(LAYOUT_ELEMENTS as readonly string[]).includes(name)) return { fault: { element: name } };
    const element = name as LayoutElement;
    const style = checkDeclarations(element, entry.style, false);
    if (!("ok" in style)) return { fault: style };
    const stored: { visible: boolean; style: Declarations; hover?: Declarations } = { visible: entry.visible, style: style.ok };
    if (entry.hover !== undefined) {
      if (element !== "button") return { fault: { element, property: "hover" } };
      const hover = checkDeclarations(element, entry.hover, true);
      if (!("ok" in hover)) return { fault: hover };
      stored.hover = hover.ok;
    }
    layout[element] = stored;
  }
  return { layout };
}
