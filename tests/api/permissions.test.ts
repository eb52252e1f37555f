// Walks every route of the table, of every kind (query, command, upload,
// download, notify, the handshake): each refuses callers without its access,
// each refuses malformed input with ERROR_PARAMS and never a 500, and no
// refusal changes anything. A new route is walked without being named here.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ROUTES } from "../../src/domains";
import type { RouteDef } from "../../src/http/kit";
import { startTestApp, type TestApp } from "../helpers/app";
import { callRoute, snapshot, walker } from "../helpers/routes";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

const powers = (r: RouteDef) => (typeof r.access === "string" ? (r.access.startsWith("FUNCTION_") ? [r.access] : []) : [...r.access]);
const MEMBER_ONLY = ROUTES.filter((r) => r.access !== "public" && r.access !== "session");
const POWERED = ROUTES.filter((r) => powers(r).length > 0);

describe("permissions", () => {
  test("every kind of route is in the table, and every route declares who may call it", () => {
    expect(new Set(ROUTES.map((r) => r.kind))).toEqual(new Set(["query", "command", "upload", "download", "notify"]));
    for (const r of ROUTES) expect(r.access).toBeTruthy();
  });

  test("a visitor who is not signed in is refused every member route with ERROR_LOGIN_CODE", async () => {
    const visitor = await walker(t);
    const before = await snapshot(t);
    for (const r of MEMBER_ONLY) expect({ path: r.path, ...(await callRoute(t, visitor, r)) }).toEqual({ path: r.path, status: 200, code: "ERROR_LOGIN_CODE" });
    expect(await snapshot(t)).toEqual(before);
  });

  test("a member without the power is refused every powered route with ERROR_NOT_POWER, whatever the payload", async () => {
    const member = await walker(t, "cn100001");
    expect(POWERED.length).toBeGreaterThan(0);
    const before = await snapshot(t);
    for (const r of POWERED) {
      for (const payload of [{}, { id: 1, index: 1 }]) {
        expect({ path: r.path, code: (await callRoute(t, member, r, payload)).code }).toEqual({ path: r.path, code: "ERROR_NOT_POWER" });
      }
    }
    expect(await snapshot(t)).toEqual(before);
  });

  test("the administrator holds every power", async () => {
    const admin = await walker(t, "cn000001");
    for (const r of POWERED) {
      const { code } = await callRoute(t, admin, r);
      expect({ path: r.path, refused: ["ERROR_NOT_POWER", "ERROR_LOGIN_CODE"].includes(code ?? "") }).toEqual({ path: r.path, refused: false });
    }
  });

  test("an editor may not use an operator's power", async () => {
    const editor = await t.as("cn000002");
    expect((await editor.call("/power/status")).message.code).toBe("ERROR_NOT_POWER");
    const operator = await t.as("cn000003");
    expect((await operator.call("/power/status")).message.code).toBe("SUCCESS");
  });
});

/** A nest deeper than any form: 40 levels of arrays. */
const deep = (n: number): unknown => (n === 0 ? 1 : [deep(n - 1)]);

function malformed(r: RouteDef): [string, unknown][] {
  const props = Object.keys((r.input as { properties?: Record<string, unknown> }).properties ?? {});
  const every = (value: unknown) => Object.fromEntries(props.map((p) => [p, value]));
  const cases: [string, unknown][] = [
    ["an extra field", { ...every("1"), unexpected: 1 }],
    ["deep nesting", { nest: deep(40) }],
  ];
  if (props.length) {
    cases.push(["a number as text and text as an object", every({ wrong: ["type"] })]);
    cases.push(["100 KB strings", every("x".repeat(100_000))]);
    cases.push(["a NUL byte", every("a\u0000b")]);
    cases.push(["an unpaired surrogate", every("a\ud800b")]);
  }
  if (((r.input as { required?: string[] }).required ?? []).length) cases.push(["missing fields", {}]);
  return cases;
}

describe("malformed input", () => {
  test("every signed call refuses malformed payloads with ERROR_PARAMS, never a 500, and writes nothing", async () => {
    const admin = await walker(t, "cn000001");
    const before = await snapshot(t);
    let walked = 0;
    for (const r of ROUTES.filter((r) => r.access !== "public" && (r.kind === "query" || r.kind === "command" || r.kind === "download"))) {
      for (const [what, payload] of malformed(r)) {
        // A signed GET carries its input as query text: only its shape can be wrong there.
        if (r.kind === "download" && typeof Object.values(payload as object)[0] !== "string") continue;
        const outcome = await callRoute(t, admin, r, payload);
        expect({ path: r.path, what, code: outcome.code, fault: outcome.status >= 500 }).toEqual({ path: r.path, what, code: "ERROR_PARAMS", fault: false });
        walked++;
      }
    }
    expect(walked).toBeGreaterThan(ROUTES.length);
    expect(await snapshot(t)).toEqual(before);
  });

  test("uploads refuse a file that is not what the route takes, whatever its name says, and an empty one", async () => {
    const admin = await walker(t, "cn000001");
    const before = await snapshot(t);
    for (const r of ROUTES.filter((r) => r.kind === "upload")) {
      for (const file of [new Blob(["<svg onload=alert(1)>"], { type: "image/png" }), new Blob([], { type: "image/png" }), new Blob([new Uint8Array(64).fill(0)])]) {
        const outcome = await callRoute(t, admin, r, {}, file);
        expect({ path: r.path, code: outcome.code }).toEqual({ path: r.path, code: "ERROR_PARAMS" });
      }
    }
    expect(await snapshot(t)).toEqual(before);
  });

  test("public calls and provider notifications refuse garbage with a 4xx, never a 500, and write nothing", async () => {
    const anyone = await walker(t);
    const before = await snapshot(t);
    for (const r of ROUTES.filter((r) => r.access === "public")) {
      for (const payload of [{}, { unexpected: "1" }, { key: "../../etc/passwd" }, { app_id: "a\u0000", public_key: "x".repeat(5000) }, "not json", "[[[[[[[[[["]) {
        const outcome = await callRoute(t, anyone, r, payload);
        expect({ path: r.path, payload, client: outcome.status >= 400 && outcome.status < 500 }).toEqual({ path: r.path, payload, client: true });
      }
    }
    expect(await snapshot(t)).toEqual(before);
  });
});
