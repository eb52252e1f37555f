import { describe, expect, test } from "bun:test";
import { RESULT } from "../../src/protocol/result-codes";
import { allTexts } from "../helpers/texts";
import { joinList, pick, pickHtml } from "../../ui/i18n/pick";

/** Every leaf of a nested dictionary as "a.b.c" -> text. */
function flatten(table: object, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(table)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object") for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

// The areas their own chunks add are held to the same rules as zh.ts and en.ts.
const zhTexts = flatten(allTexts("zh"));
const enTexts = flatten(allTexts("en"));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("the zh and en dictionaries", () => {
  test("have exactly the same keys", () => {
    const onlyZh = [...zhTexts.keys()].filter((k) => !enTexts.has(k));
    const onlyEn = [...enTexts.keys()].filter((k) => !zhTexts.has(k));
    expect({ onlyZh, onlyEn }).toEqual({ onlyZh: [], onlyEn: [] });
  });

  test("hold a non-empty string under every key", () => {
    for (const [name, texts] of [["zh", zhTexts], ["en", enTexts]] as const) {
      for (const [key, text] of texts) {
        expect(typeof text === "string" && text.trim().length > 0 ? "ok" : `${name}:${key}`).toBe("ok");
      }
    }
  });

  test("use the same placeholders for the same key", () => {
    for (const [key, text] of zhTexts) {
      expect({ key, names: placeholders(String(enTexts.get(key))) }).toEqual({ key, names: placeholders(String(text)) });
    }
  });

  test("have a text for every result code of the protocol", () => {
    for (const code of Object.keys(RESULT)) {
      expect(zhTexts.has(`result.${code}`) ? "ok" : `zh result.${code}`).toBe("ok");
      expect(enTexts.has(`result.${code}`) ? "ok" : `en result.${code}`).toBe("ok");
    }
  });

  test("carry the sign-in texts of spec 1", () => {
    expect(zhTexts.get("login.required.account")).toBe("请输入用户名");
    expect(zhTexts.get("login.required.password")).toBe("请输入密码");
    expect(zhTexts.get("login.required.code")).toBe("请输入6位验证码");
    expect(zhTexts.get("result.ERROR_RANDOM")).toBe("验证码不正确");
    expect(zhTexts.get("result.ERROR_NOT_USER")).toBe("用户不存在");
    expect(zhTexts.get("result.ERROR_PASSWORD")).toBe("密码错误");
    expect(String(enTexts.get("result.USER_STATE_REGISTER")).toLowerCase()).toContain("not activated, click activate");
    expect(String(enTexts.get("result.USER_STATE_LEAVE")).toLowerCase()).toContain("status is resigned");
    expect(zhTexts.get("common.ok")).toBe("确定");
    expect(enTexts.get("common.ok")).toBe("OK");
  });
});

describe("names and rich text from the server", () => {
  test("a name shows as typed (stored with angle brackets escaped); rich text stays markup-escaped", () => {
    expect(pick("en", "工会<新>", "Union <new>")).toBe("Union <new>");
    expect(pick("zh", "工会&lt;新&gt;", "Union")).toBe("工会<新>");
    expect(pick("en", "工会", "")).toBe("工会");
    // Cleaned HTML keeps its escaped text escaped: unescaping it would turn text into markup.
    expect(pickHtml("zh", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>", null)).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
  });
});

describe("a list in a sentence", () => {
  test("is joined as each language writes a list: 甲、乙 in Chinese, A, B in English", () => {
    expect(joinList("zh", ["陈会员", "王会员", 3])).toBe("陈会员、王会员、3");
    expect(joinList("en", ["Umbrella × 2", "Bag"])).toBe("Umbrella × 2, Bag");
    expect(joinList("en", [])).toBe("");
  });
});

describe("a busy sign-in's text", () => {
  test("tells the seconds the server asks to wait, in zh and en; without them the plain busy text", async () => {
    // The texts module reads the chosen language from the browser's storage when it loads.
    const kept = new Map<string, string>();
    globalThis.localStorage ??= { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v), removeItem: (k: string) => void kept.delete(k) } as Storage;
    const { resultText } = await import("../../ui/i18n");
    const fill = (texts: Map<string, unknown>) => (key: string, params?: Record<string, string | number>) =>
      String(texts.get(key) ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params?.[name]));
    expect(resultText(fill(enTexts), { code: "ERROR_BUSY", params: { reason: "signin", retry: 4 } })).toBe("The system is busy, please try again in 4 s");
    expect(resultText(fill(zhTexts), { code: "ERROR_BUSY", params: { reason: "signin", retry: 4 } })).toBe("系统繁忙，请 4 秒后重试");
    expect(resultText(fill(enTexts), { code: "ERROR_BUSY" })).toBe("The system is busy, please try again shortly");
  });
});
