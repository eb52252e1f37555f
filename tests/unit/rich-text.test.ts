// The server's cleaning of rich text (src/domains/shared/rich-text.ts,
// sanitize-html: decision 61): a corpus of cross-site scripting payloads
// (tests/helpers/rich-text-corpus.ts) leaves only markup the cleaner built,
// alone and with any other cleaned text put after it, and Quill's own
// formatting is kept as it was written. tests/e2e/rich-text-sanitiser.test.ts
// has Chromium build the same outputs.
import { describe, expect, test } from "bun:test";
import { cleanRichText } from "../../src/domains/shared/rich-text";
import { ALLOWED_ATTRIBUTES, ALLOWED_ELEMENTS, PAYLOADS, QUILL, safeAddress } from "../helpers/rich-text-corpus";

const decode = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&(quot|lt|gt|amp);/g, (_, name: string) => ({ quot: '"', lt: "<", gt: ">", amp: "&" })[name]!);

const END_TAG = /^<\/([a-z0-9]+)>/;
const START_TAG = /^<([a-z0-9]+)((?: [a-z-]+(?:="[^"<>]*")?)*)>/;
const ATTRIBUTE = / ([a-z-]+)(?:="([^"<>]*)")?/g;
const TEXT = /^(?:[^<>&]|&(?:[a-z]+|#\d+|#x[0-9a-f]+);)+/i;

/**
 * What in `html` the cleaner could not have built: the output must read, from
 * its first character to its last, as text with no "<" or ">" and tags of the
 * allowlist with quoted values, every address safe once decoded. A language
 * this strict is closed under concatenation, so two outputs side by side
 * pass as well as each one.
 */
function foreign(html: string): string[] {
  const problems: string[] = [];
  let rest = html;
  while (rest.length) {
    const text = TEXT.exec(rest);
    if (text) {
      rest = rest.slice(text[0].length);
      continue;
    }
    const end = END_TAG.exec(rest);
    if (end) {
      if (!ALLOWED_ELEMENTS.has(end[1]!)) problems.push(`end tag ${end[0]}`);
      rest = rest.slice(end[0].length);
      continue;
    }
    const start = START_TAG.exec(rest);
    if (!start) return [...problems, `not built by the cleaner: ${JSON.stringify(rest.slice(0, 60))}`];
    const [tag, name, attributes] = start;
    if (!ALLOWED_ELEMENTS.has(name!)) problems.push(`element ${tag}`);
    for (const [, attribute, value = ""] of attributes!.matchAll(ATTRIBUTE)) {
      if (!ALLOWED_ATTRIBUTES.has(attribute!)) problems.push(`attribute ${attribute} in ${tag}`);
      if ((attribute === "href" || attribute === "src") && !safeAddress(decode(value).trim())) problems.push(`address in ${tag}`);
    }
    rest = rest.slice(tag!.length);
  }
  return problems;
}

const OUTPUTS = PAYLOADS.map((payload) => ({ payload, out: cleanRichText(payload) }));

describe("rich text from the editors", () => {
  for (const { payload, out } of OUTPUTS)
    test(`the cleaner emits only markup it built from ${JSON.stringify(payload)}`, () => {
      expect({ payload, out, problems: foreign(out) }).toEqual({ payload, out, problems: [] });
      // What it built reads back as itself: cleaning it again changes nothing.
      expect(cleanRichText(out)).toBe(out);
    });

  test("two cleaned texts put side by side are still only markup the cleaner built, and read back as themselves", () => {
    const seams: string[] = [];
    for (const a of OUTPUTS)
      for (const b of OUTPUTS) {
        const joined = a.out + b.out;
        const problems = foreign(joined);
        if (problems.length || cleanRichText(joined) !== joined) seams.push(`${JSON.stringify(a.payload)} + ${JSON.stringify(b.payload)}: ${problems.join("; ") || cleanRichText(joined)}`);
      }
    expect(seams).toEqual([]);
  });

  test("a tag cut off at the end of the input leaves nothing of itself, not even as text", () => {
    expect(cleanRichText("<p><img src=1 onerror=alert(1)//")).toBe("<p></p>");
    expect(cleanRichText("<p>前</p><img src=x onerror=alert(1) ")).toBe("<p>前</p>");
    expect(cleanRichText('<p>a</p><a href="javascript:alert(1)')).toBe("<p>a</p>");
    expect(cleanRichText("<p>unclosed <strong>bold")).toBe("<p>unclosed <strong>bold</strong></p>");
  });

  test("Quill's formatting is kept as written", () => {
    expect(cleanRichText(QUILL)).toBe(QUILL);
  });

  test("images keep their alt text, an empty one too, and lose the rest", () => {
    expect(cleanRichText('<img src="/api/file/get?key=a.png" alt="会员大会 / The members\' meeting">')).toBe('<img src="/api/file/get?key=a.png" alt="会员大会 / The members\' meeting">');
    expect(cleanRichText('<img src="https://union.example/a.png" alt="">')).toBe('<img src="https://union.example/a.png" alt="">');
    expect(cleanRichText('<img src="/a.png" alt="x&quot; onerror=&quot;alert(1)" width="300" height="12px" loading="lazy">')).toBe('<img src="/a.png" alt="x&quot; onerror=&quot;alert(1)" width="300">');
  });

  test("links open in a new tab without giving it this page; a plain path, an anchor and a mailto stay", () => {
    expect(cleanRichText('<a href="https://union.example/news">新闻</a>')).toBe('<a href="https://union.example/news" target="_blank" rel="noopener noreferrer">新闻</a>');
    expect(cleanRichText('<a href="/news/info?id=3&amp;type=1">x</a>')).toBe('<a href="/news/info?id=3&amp;type=1" target="_blank" rel="noopener noreferrer">x</a>');
    expect(cleanRichText('<a href="mailto:union@example.com">y</a><a href="#top">z</a>')).toContain('href="mailto:union@example.com"');
    expect(cleanRichText('<a href="#top">z</a>')).toContain('href="#top"');
    expect(cleanRichText('<a href="javascript:alert(1)" target="_self">x</a>')).toBe("<a>x</a>");
  });

  test("Quill's classes and list kinds stay, anything else of them goes", () => {
    expect(cleanRichText('<span class="ql-size-large x-evil">x</span>')).toBe('<span class="ql-size-large">x</span>');
    expect(cleanRichText('<li data-list="evil">x</li><p data-list="bullet" style="color:red">y</p>')).toBe("<li>x</li><p>y</p>");
  });

  test("unknown wrappers keep their text; dropped elements take their content with them", () => {
    expect(cleanRichText("<div><font color=red>文字</font></div>")).toBe("文字");
    expect(cleanRichText("<p>前<script>alert(1)</script>后</p>")).toBe("<p>前后</p>");
    expect(cleanRichText("<svg><p>里</p></svg><p>外</p>")).toBe("<p>外</p>");
  });
});
