// Rich text from the editors (Quill) is kept only as the editor writes it:
// an allowlist of elements, Quill's own classes, and addresses that are
// http(s), mailto or the portal's own. Everything else goes: scripts and
// styles with their content, event handlers, javascript: and data:
// addresses, svg and math (whose parsing rules differ), frames and forms.
// Bun's HTMLRewriter (lol-html) parses as a browser does, so what survives
// here is what a browser will build.
const ELEMENTS = new Set(["p", "br", "strong", "b", "em", "i", "u", "s", "span", "a", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "img", "sub", "sup"]);
/** Gone with everything inside them (their content is code, or parsed by other rules). */
const DROPPED = new Set(["script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "template", "noscript", "noembed", "noframes", "svg", "math", "title", "textarea", "select", "option", "xmp", "plaintext", "form", "input", "button", "link", "meta", "base"]);
const ATTRIBUTES: Record<string, (value: string) => boolean> = {
  href: (v) => safeAddress(v),
  src: (v) => safeAddress(v) && !/^mailto:/i.test(v),
  alt: () => true,
  title: () => true,
  width: (v) => /^\d{1,4}$/.test(v),
  height: (v) => /^\d{1,4}$/.test(v),
  // Quill's formatting: alignment, indents, sizes, fonts, code blocks; and its list kinds.
  class: (v) => v.split(/\s+/).every((c) => /^ql-[a-z0-9-]{1,40}$/.test(c)),
  "data-list": (v) => /^(bullet|ordered|checked|unchecked)$/.test(v),
};

/** http(s), mailto, or a path of this site; never another scheme, a protocol-relative address or an encoded one. */
function safeAddress(value: string): boolean {
  const v = value.trim();
  if (/[\u0000-\u001f\\&]/.test(v)) return false;
  return /^(https?:\/\/|mailto:)/i.test(v) || /^\/(?![/\\])/.test(v) || /^#[\w-]*$/.test(v);
}

export function cleanRichText(html: string): string {
  const rewriter = new HTMLRewriter()
    .on("*", {
      element(el) {
        const tag = el.tagName.toLowerCase();
        if (DROPPED.has(tag)) return void el.remove();
        if (!ELEMENTS.has(tag)) return void el.removeAndKeepContent();
        for (const [name] of [...el.attributes]) {
          const check = ATTRIBUTES[name.toLowerCase()];
          if (!check || !check(el.getAttribute(name) ?? "")) el.removeAttribute(name);
        }
        if (tag === "a" && el.hasAttribute("href")) {
          el.setAttribute("target", "_blank");
          el.setAttribute("rel", "noopener noreferrer");
        }
      },
      comments(comment) {
        comment.remove();
      },
    })
    .onDocument({
      doctype() {},
      comments(comment) {
        comment.remove();
      },
    });
  return rewriter.transform(html);
}
