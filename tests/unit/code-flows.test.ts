import { describe, expect, test } from "bun:test";
import rosetta from "rosetta";
import { message } from "../../src/protocol/result";
import type { ResultCode } from "../../src/protocol/result-codes";
import en from "../../ui/i18n/en";
import zh from "../../ui/i18n/zh";
import { stubLocalStorage } from "../helpers/local-storage";

// The rules module reaches the browser's session store, which reads localStorage on load.
stubLocalStorage();
const { RESET_PASSWORD, STRONG_PASSWORD, codeFlowText, mailError, maskPhone, passwordErrors, phoneError } = await import("../../ui/pages/account/activation-rules");

const i18n = rosetta({ zh, en });
const translator = (language: "zh" | "en") => (key: string, params?: Record<string, string | number>) => i18n.t(key, params ?? {}, language) || key;
const text = (language: "zh" | "en", code: ResultCode, params?: Record<string, unknown>, flow?: "activation" | "reset" | "security" | "profile") =>
  codeFlowText(translator(language), message(code, params), flow);

describe("the password rules", () => {
  test("activation and security want 10-20 characters with upper, lower and a digit", () => {
    for (const good of ["Union2026ab", "Aa345678901234567890"]) expect(STRONG_PASSWORD.test(good)).toBe(true);
    for (const bad of ["Union2026", "union2026abc", "UNION2026ABC", "UnionUnionUnion", "Aa3456789012345678901"]) expect({ bad, ok: STRONG_PASSWORD.test(bad) }).toEqual({ bad, ok: false });
  });

  test("the reset window accepts 8 characters, yet its message still says 10-20", () => {
    expect(RESET_PASSWORD.test("Reset202")).toBe(true);
    expect(STRONG_PASSWORD.test("Reset202")).toBe(false);
    expect(passwordErrors("Reset2", "Reset2", RESET_PASSWORD).password).toBe("activation.error.passwordRule");
    expect(i18n.t("activation.error.passwordRule", {}, "zh")).toContain("10-20");
  });

  test("an empty or different repeat is refused", () => {
    expect(passwordErrors("Union2026ab", "")).toEqual({ repeat: "activation.error.repeatRequired" });
    expect(passwordErrors("Union2026ab", "Union2026ac")).toEqual({ repeat: "activation.error.repeatMismatch" });
    expect(passwordErrors("", "")).toEqual({ password: "activation.error.passwordRequired", repeat: "activation.error.repeatRequired" });
  });
});

describe("phones and e-mails", () => {
  test("a phone is 11 digits starting with 1, and is shown as its first 3 and last 4", () => {
    expect(phoneError("13900000003")).toBeNull();
    expect(phoneError("23900000003")).toBe("activation.error.phoneFormat");
    expect(phoneError("1390000000")).toBe("activation.error.phoneFormat");
    expect(maskPhone("13900000003")).toBe("139****0003");
  });

  test("an e-mail needs a name, an @ and a domain", () => {
    expect(mailError("cn100003@union.example.com")).toBeNull();
    expect(mailError("cn100003@union")).toBe("activation.error.mailFormat");
  });
});

describe("every answer of the code flows reads right in both languages (spec 1 section 8)", () => {
  test("ERROR_RESULT_NULL says 'timed out' while the cool-down runs, else 'send a code first'", () => {
    expect(text("zh", "ERROR_RESULT_NULL", { cooling: true })).toContain("等待倒计时结束");
    expect(text("en", "ERROR_RESULT_NULL", { cooling: true })).toContain("timed out");
    expect(text("zh", "ERROR_RESULT_NULL", { cooling: false })).toBe("请先点击“发送验证码”获取验证码");
    expect(text("en", "ERROR_RESULT_NULL", { cooling: false })).toBe("Please click Send code first");
  });

  test("a code sent to another phone or address asks for the one that received it", () => {
    expect(text("zh", "ERROR_PARAMS", { reason: "phone-mismatch" })).toContain("接收验证码的手机号");
    expect(text("en", "ERROR_PARAMS", { reason: "mail-mismatch" })).toContain("address that received the code");
  });

  test("the other refusals each have their own text", () => {
    const cases: [ResultCode, Record<string, unknown> | undefined, string, string][] = [
      ["ERROR_PARAMS", undefined, "请刷新页面后重试", "refresh"],
      ["ERROR_RANDOM", undefined, "验证码错误", "wrong"],
      ["ERROR_BINDINGED", undefined, "已激活绑定", "already activated"],
      ["ERROR_OFTEN", { seconds: 42 }, "42 秒后再试", "42 seconds"],
      ["ERROR_NOT_USER", undefined, "收到工会欢迎邮件后再激活", "welcome mail"],
      ["ERROR_LEAVE", undefined, "已离职或已注销", "resigned"],
      ["ERROR_DATA_USED", { reason: "has-mail" }, "已登记公司邮箱", "already has a company e-mail"],
      ["ERROR_DATA_USED", { reason: "mail-used" }, "已被其他账号使用", "already used"],
      ["ERROR_RENAME", { field: "phone" }, "已存在", "already exists"],
    ];
    for (const [code, params, zhPart, enPart] of cases) {
      expect({ code, zh: text("zh", code, params) }).toEqual({ code, zh: expect.stringContaining(zhPart) });
      expect({ code, en: text("en", code, params).toLowerCase() }).toEqual({ code, en: expect.stringContaining(enPart) });
    }
  });

  test("the security windows say which value is wrong", () => {
    expect(text("zh", "ERROR_PARAMS", { reason: "old" }, "security")).toBe("原手机号或邮箱与账号中登记的不一致");
    expect(text("en", "ERROR_PARAMS", { reason: "same" }, "security")).toBe("The new mobile number or e-mail must differ from the current one");
    expect(text("zh", "ERROR_RENAME", { field: "mail" }, "security")).toBe("该邮箱或手机号已被其他用户使用");
  });
});
