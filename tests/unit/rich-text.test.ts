// The server's cleaning of rich text (src/domains/shared/rich-text.ts): a
// corpus of known cross-site scripting payloads leaves nothing that runs,
// and Quill's own formatting is kept as it was written.
import { describe, expect, test } from "bun:test";
import { cleanRichText } from "../../src/domains/shared/rich-text";

const PAYLOADS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  "<scr<script>ipt>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "<img src=javascript:alert(1)>",
  '<img src="jav&#x09;ascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href=" JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="//evil.example">x</a>',
  '<a href="/\\evil.example">x</a>',
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  "<object data=javascript:alert(1)>",
  "<embed src=javascript:alert(1)>",
  '<body onload="alert(1)">',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="width: expression(alert(1))">x</p>',
  "<style>@import 'https://evil.example/x.css';</style>",
  "<link rel=stylesheet href=https://evil.example/x.css>",
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<form action="https://evil.example"><input name=x><button>go</button></form>',
  "<details open ontoggle=alert(1)>",
  '<p onmouseover="alert(1)">hover</p>',
  "<!--<img src=x onerror=alert(1)>-->",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<template><script>alert(1)</script></template>",
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<img src="https://ok.example/a.png" srcset="javascript:alert(1)">',
  '<span class="ql-size-large x-evil">x</span>',
];

/** What must never come out: an element or attribute that runs code, or loads from another scheme. */
const DANGER = [/<script/i, /<svg/i, /<math/i, /<iframe/i, /<object/i, /<embed/i, /<style/i, /<link/i, /<meta/i, /<base/i, /<form/i, /<input/i, /<template/i, /\son\w+\s*=/i, /javascript:/i, /vbscript:/i, /data:/i, /\sstyle\s*=/i, /srcset/i, /href="\/\//, /href="\/\\/];

describe("rich text from the editors", () => {
  for (const payload of PAYLOADS)
    test(`nothing of ${JSON.stringify(payload)} runs`, () => {
      const out = cleanRichText(payload);
      for (const danger of DANGER) expect({ payload, out, danger: danger.source, found: danger.test(out) }).toMatchObject({ found: false });
    });

  test("Quill's formatting is kept as written", () => {
    const quill =
      '<h2 class="ql-align-center">标题 Title</h2><p class="ql-indent-1"><strong>粗</strong> <em>斜</em> <u>下</u> <s>删</s> <sub>1</sub><sup>2</sup></p>' +
      '<ol><li data-list="bullet">一</li><li data-list="ordered">二</li></ol><blockquote>引</blockquote><pre class="ql-syntax">code &lt;b&gt;</pre>' +
      '<p><img src="/api/file/get?key=abc.png" alt="图" width="300"><br></p>';
    expect(cleanRichText(quill)).toBe(quill);
  });

  test("links open in a new tab without giving it this page; a plain path and a mailto stay", () => {
    expect(cleanRichText('<a href="https://union.example/news">新闻</a>')).toBe('<a href="https://union.example/news" target="_blank" rel="noopener noreferrer">新闻</a>');
    expect(cleanRichText('<a href="/news/info?id=3">x</a><a href="mailto:union@example.com">y</a>')).toContain('href="mailto:union@example.com"');
  });

  test("unknown wrappers keep their text; dropped elements take their content with them", () => {
    expect(cleanRichText("<div><font color=red>文字</font></div>")).toBe("文字");
    expect(cleanRichText("<p>前<script>alert(1)</script>后</p>")).toBe("<p>前后</p>");
  });
});
