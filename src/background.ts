// Work that runs after its request has answered or outside any request: a
// message delivered right after the commit that queued it, a job's tick.
// Tracked so a clean shutdown waits for it before closing the database
// instead of cutting a delivery off halfway (the outbox would send it again).
import { log } from "./log";

const running = new Set<Promise<void>>();

export function inBackground(what: string, work: () => Promise<unknown>, fields?: Record<string, unknown>) {
  const done: Promise<void> = work()
    .then(() => undefined)
    .catch((error) => log.error(`${what} failed`, { ...fields, error }))
    .finally(() => running.delete(done));
  running.add(done);
}

/** Resolves once nothing is running, including work started while waiting. */
export async function backgroundSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
