// The portal's own signed codes (src/domains/shared/signed-codes.ts): what a
// ticket's QR and a member card's QR hold, read back at a door or a shop.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createAppState } from "../../src/app-state";
import { portalKeys } from "../../src/db/schema";
import { readTicketCode, ticketCode } from "../../src/domains/order/ticket-code";
import { readCode, signCode } from "../../src/domains/shared/signed-codes";
import { startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

const ctx = () => ({ app: t.state });

test("a ticket code reads back as the trade it names; a changed character, another trade or a bare trade does not", async () => {
  const code = await ticketCode(ctx(), "20261126000123-1");
  expect(code).toMatch(/^T1\.20261126000123-1\.[A-Za-z0-9_-]{22}$/);
  expect(await readTicketCode(ctx(), code)).toBe("20261126000123-1");
  expect(await readTicketCode(ctx(), ` ${code}\n`)).toBe("20261126000123-1");

  const mac = code.split(".")[2]!;
  const flipped = `${mac.slice(0, 5)}${mac[5] === "A" ? "B" : "A"}${mac.slice(6)}`;
  for (const forged of [
    `T1.20261126000123-1.${flipped}`,
    `T1.20261126000124-1.${mac}`,
    "20261126000123-1",
    `T1.20261126000123-1`,
    `${code}.x`,
    `T1.20261126000123-1.${mac.slice(0, 21)}`,
    "",
    "T1..",
    "x".repeat(5000),
  ])
    expect(await readTicketCode(ctx(), forged)).toBeNull();
});

test("a code made for one purpose does not read as another", async () => {
  const card = await signCode(ctx(), "C1", "42-2026-29876543");
  expect(await readCode(ctx(), "C1", card)).toBe("42-2026-29876543");
  expect(await readCode(ctx(), "T1", card)).toBeNull();
  expect(await readCode(ctx(), "T1", card.replace(/^C1/, "T1"))).toBeNull();
  await expect(signCode(ctx(), "T1", "a.b")).rejects.toThrow();
});

test("every instance on one database signs with the one secret the first made, and a new secret voids old codes", async () => {
  const code = await ticketCode(ctx(), "T-1");
  // A second instance on the same database: its own memory, the same secret.
  const other = { app: createAppState(t.deps) };
  expect(await readTicketCode(other, code)).toBe("T-1");
  expect(await ticketCode(other, "T-1")).toBe(code);
  const keys = await t.db.select().from(portalKeys);
  expect(keys.map((k) => [k.name, k.secret.length])).toEqual([["codes", 32]]);

  // A new secret (an operator clearing the row): codes signed before no longer pass on an instance that reads it.
  await t.db.delete(portalKeys);
  const fresh = { app: createAppState(t.deps) };
  expect(await readTicketCode(fresh, code)).toBeNull();
});
