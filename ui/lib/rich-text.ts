// Rich text written in the editors (Quill) is shown as HTML. Only what the
// editor makes survives: a fixed set of elements and attributes, addresses
// that are http(s), mailto or the portal's own; scripts, event handlers,
// frames and style sheets never reach the page, whoever wrote the text.
const ELEMENTS = new Set(["P", "BR", "STRONG", "B", "EM", "I", "U", "S", "SPAN", "A", "UL", "OL", "LI", "H1", "H2", "H3", "H4", "BLOCKQUOTE", "PRE", "CODE", "IMG", "SUB", "SUP"]);
const ATTRIBUTES = new Set(["href", "src", "alt", "class", "title", "width", "height"]);
const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#)/i;

function clean(node: Element) {
  for (const child of [...node.children]) {
    if (!ELEMENTS.has(child.tagName)) {
      // Unknown wrappers keep their text; scripts, styles and frames go whole.
      if (["SCRIPT", "STYLE", "IFRAME", "OBJECT", "EMBED", "TEMPLATE", "NOSCRIPT", "SVG", "MATH"].includes(child.tagName)) child.remove();
      else child.replaceWith(...child.childNodes);
      continue;
    }
    for (const attribute of [...child.attributes]) {
      const name = attribute.name.toLowerCase();
      const url = name === "href" || name === "src";
      if (!ATTRIBUTES.has(name) || (url && !SAFE_URL.test(attribute.value.trim()))) child.removeAttribute(attribute.name);
    }
    if (child.tagName === "A") {
      child.setAttribute("target", "_blank");
      child.setAttribute("rel", "noopener noreferrer");
    }
    clean(child);
  }
}

/** The HTML with everything outside the editor's vocabulary removed. */
export function safeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  // Wrappers that were unwrapped may have exposed more unknown elements: clean until stable.
  for (let pass = 0; pass < 4; pass++) {
    const before = doc.body.innerHTML;
    clean(doc.body);
    if (doc.body.innerHTML === before) break;
  }
  return doc.body.innerHTML;
}
