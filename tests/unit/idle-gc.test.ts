// The idle collector runs one full collection after busy work, once the
// portal has been quiet, and never while requests keep coming.
import { expect, test } from "bun:test";
import { BUSY_REQUESTS, GROWTH_BYTES, GROWTH_CHECK_REQUESTS, QUIET_MS, idleCollector } from "../../src/idle-gc";

function collector() {
  let now = 0;
  let collections = 0;
  let resident = 100 * 1024 * 1024;
  let asked = 0;
  const c = idleCollector({ now: () => now, collect: () => collections++, resident: () => resident, collectSoon: () => asked++ });
  return {
    c,
    advance: (ms: number) => (now += ms),
    collections: () => collections,
    setResident: (bytes: number) => (resident = bytes),
    asked: () => asked,
  };
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

test("under load a collection is asked for while resident memory is past its lowest reading by GROWTH_BYTES, read every so many requests", () => {
  const { c, advance, collections, setResident, asked } = collector();
  const MB = 1024 * 1024;
  const requests = (n: number) => {
    for (let i = 0; i < n; i++) c.noteRequest();
  };
  setResident(150 * MB);
  requests(GROWTH_CHECK_REQUESTS); // the first reading: 150 MB
  setResident(140 * MB);
  requests(GROWTH_CHECK_REQUESTS); // the lowest: 140 MB
  setResident(140 * MB + GROWTH_BYTES);
  requests(GROWTH_CHECK_REQUESTS);
  expect(asked()).toBe(0);
  setResident(140 * MB + GROWTH_BYTES + 1);
  requests(GROWTH_CHECK_REQUESTS - 1);
  expect(asked()).toBe(0); // read only every GROWTH_CHECK_REQUESTS requests
  requests(1);
  expect(asked()).toBe(1);
  // Asked again at each reading while memory stays that high (what is freed is reused before it is given back)...
  requests(GROWTH_CHECK_REQUESTS * 2);
  expect(asked()).toBe(3);
  // ...and no more once the idle collection has measured it as what the portal keeps.
  advance(QUIET_MS);
  c.tick();
  expect(collections()).toBe(1);
  requests(GROWTH_CHECK_REQUESTS * 5);
  expect(asked()).toBe(3);
  setResident(140 * MB + 2 * GROWTH_BYTES + 2);
  requests(GROWTH_CHECK_REQUESTS);
  expect(asked()).toBe(4);
});
