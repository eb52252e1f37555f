// Races held open on purpose: a second instance of the test's app (another
// app on the same database and hooks, as a second server would be), and a
// pause inside the write that holds the first two writes until both are
// there, so neither takes its places before the other has passed its checks.
import { expect } from "bun:test";
import type { ApiClient } from "../../src/protocol/client";
import { createApp } from "../../src/app";
import type { Hooks } from "../../src/domains/context";
import type { TestApp } from "./app";

/** A client of a second app on the test's database, signed in as `account`. */
export async function secondInstance(t: TestApp, account: string): Promise<ApiClient> {
  const other = createApp(t.deps);
  const client = t.clientOf((request) => other.handle(request));
  expect((await t.signIn(client, account)).message.code).toBe("SUCCESS");
  return client;
}

/** Holds each write at `beforeTake` until two have arrived, then lets them go; how many have arrived so far. */
export function pauseBoth(hooks: Hooks): () => number {
  let arrived = 0;
  let release!: () => void;
  const both = new Promise<void>((resolve) => (release = resolve));
  hooks.beforeTake = async () => {
    if (++arrived === 2) release();
    await both;
  };
  return () => arrived;
}
