import { createHash } from "node:crypto";
import { describe, expect, test } from "bun:test";
import { md5 } from "../../src/protocol/md5";

describe("md5 of the browser's password hashing", () => {
  test("matches the RFC 1321 test suite", () => {
    expect(md5("")).toBe("d41d8cd98f00b204e9800998ecf8427e");
    expect(md5("a")).toBe("0cc175b9c0f1b6a831c399e269772661");
    expect(md5("abc")).toBe("900150983cd24fb0d6963f7d28e17f72");
    expect(md5("message digest")).toBe("f96b697d7cb7938d525a2f31aaf161d0");
    expect(md5("abcdefghijklmnopqrstuvwxyz")).toBe("c3fcd3d76192e4007dfb496cca67e13b");
    expect(md5("12345678901234567890123456789012345678901234567890123456789012345678901234567890")).toBe(
      "57edf4a22be3c955ac49da2e2107b67a",
    );
  });

  test("agrees with node:crypto on the demo password, Chinese text and every length around a block edge", () => {
    const samples = ["Union2026demo", "密码Pass123", "工会会员服务平台", "x".repeat(1000)];
    for (let n = 50; n <= 130; n++) samples.push("é".repeat(n % 7) + "a".repeat(n));
    for (const text of samples) expect(md5(text)).toBe(createHash("md5").update(text, "utf8").digest("hex"));
  });
});
