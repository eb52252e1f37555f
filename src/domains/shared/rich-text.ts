// Rich text from the editors (Quill) is kept only as the editor writes it:
// an allowlist of elements, Quill's own classes, and addresses that are
// http(s), mailto or the portal's own. Everything else goes: scripts and
// styles with their content, event handlers, javascript: and data:
// addresses, svg and math (whose parsing rules differ), frames and forms.
//
// sanitize-html parses the input into elements and text and writes the
// output itself (decision 61): every tag it emits is one of the allowlist,
// closed, with quoted and escaped values, and every piece of text is
// escaped. Whatever the input leaves unfinished (a tag cut off at the end,
// a comment never closed) becomes text or nothing, never markup; so two
// cleaned pieces put side by side are as safe as each one.
import sanitizeHtml from "sanitize-html";

const ELEMENTS = ["p", "br", "strong", "b", "em", "i", "u", "s", "span", "a", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "img", "sub", "sup"];
/** Gone with everything inside them (their content is code, or parsed by other rules); other unknown elements keep their text. */
const DROPPED = ["script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "template", "noscript", "noembed", "noframes", "svg", "math", "title", "textarea", "select", "option", "xmp", "plaintext", "form", "input", "button", "link", "meta", "base"];
/** Quill's formatting: alignment, indents, sizes, fonts, code blocks. */
const QUILL_CLASS = /^ql-[a-z0-9-]{1,40}$/;
const LIST_KIND = /^(bullet|ordered|checked|unchecked)$/;
const DIMENSION = /^\d{1,4}$/;

/**
 * http(s), mailto, a path of this site or an anchor; never another scheme, a
 * protocol-relative address or one with control characters or backslashes.
 * The value is already decoded (`&#106;avascript:` arrives as `javascript:`),
 * and is written back encoded, so what is checked is what the browser reads.
 */
function safeAddress(value: string): boolean {
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false;
  return /^(https?:\/\/|mailto:)/i.test(value) || /^\/(?![/\\])/.test(value) || /^#[\w-]*$/.test(value);
}

/** The attributes a kept element may carry, each checked by its value; a link with an address opens in a new tab without this page. */
function checkedAttributes(tag: string, attribs: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, raw] of Object.entries(attribs)) {
    const value = raw.trim();
    const ok =
      name === "class" || name === "title" ? true
      : name === "href" ? tag === "a" && safeAddress(value)
      : name === "src" ? tag === "img" && safeAddress(value) && !/^mailto:/i.test(value)
      : name === "alt" ? tag === "img"
      : name === "width" || name === "height" ? tag === "img" && DIMENSION.test(value)
      : name === "data-list" ? tag === "li" && LIST_KIND.test(value)
      : false;
    if (ok) kept[name] = name === "href" || name === "src" ? value : raw;
  }
  if (tag === "a" && kept.href !== undefined) Object.assign(kept, { target: "_blank", rel: "noopener noreferrer" });
  return kept;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ELEMENTS,
  // Unknown wrappers (div, font) give up only their tags; DROPPED ones their content too.
  disallowedTagsMode: "discard",
  nonTextTags: DROPPED,
  allowedAttributes: {
    "*": ["class", "title"],
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    li: ["data-list"],
  },
  allowedClasses: { "*": [QUILL_CLASS] },
  // Alt text may be empty on purpose (a decorative image): sanitize-html's default `allowedEmptyAttributes` is ["alt"]
  // (its types do not know the option; tests/unit/rich-text.test.ts checks an empty alt survives).
  allowedStyles: {},
  // Checked again by sanitize-html after checkedAttributes, which is stricter.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  selfClosing: ["img", "br"],
  transformTags: { "*": (tagName, attribs) => ({ tagName, attribs: checkedAttributes(tagName, attribs) }) },
};

/**
 * Tests only: the cleaner off, to prove that the pages' content security
 * policy alone stops a script that got past it (tests/e2e/content-security.test.ts).
 * Never in production: it needs NODE_ENV=test.
 */
const UNCLEANED = process.env.NODE_ENV === "test" && process.env.TEST_RICH_TEXT_UNCLEANED === "1";

export function cleanRichText(html: string): string {
  if (UNCLEANED) return html;
  // sanitize-html ends img and br with " />"; they are written "<br>" as Quill and the stored texts do.
  // Exact: the output escapes ">" in text and values, so every ">" in it closes a tag sanitize-html wrote.
  return sanitizeHtml(html, OPTIONS).replaceAll(" />", ">");
}
