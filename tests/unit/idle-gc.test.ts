// The idle collector runs one full collection after busy work, once the
// portal has been quiet, and never while requests keep coming.
import { expect, test } from "bun:test";
import { BUSY_REQUESTS, QUIET_MS, idleCollector } from "../../src/idle-gc";

function collector() {
  let now = 0;
  let collections = 0;
  const c = idleCollector({ now: () => now, collect: () => collections++ });
  return { c, advance: (ms: number) => (now += ms), collections: () => collections };
}

test("the start counts as busy: one collection once it has been quiet, then none while idle", () => {
  const { c, advance, collections } = collector();
  c.tick();
  expect(collections()).toBe(0);
  advance(QUIET_MS);
  c.tick();
  expect(collections()).toBe(1);
  advance(QUIET_MS * 10);
  c.tick();
  expect(collections()).toBe(1);
});

test("a few requests are not worth a collection; a burst is, once it has stopped", () => {
  const { c, advance, collections } = collector();
  advance(QUIET_MS);
  c.tick();
  for (let i = 0; i < BUSY_REQUESTS - 1; i++) c.noteRequest();
  advance(QUIET_MS);
  c.tick();
  expect(collections()).toBe(1);
  c.noteRequest();
  advance(QUIET_MS - 1);
  c.tick();
  expect(collections()).toBe(1);
  advance(1);
  c.tick();
  expect(collections()).toBe(2);
});

test("never while requests keep coming", () => {
  const { c, advance, collections } = collector();
  for (let i = 0; i < 100; i++) {
    for (let j = 0; j < BUSY_REQUESTS; j++) c.noteRequest();
    advance(QUIET_MS - 1);
    c.tick();
  }
  expect(collections()).toBe(0);
});
