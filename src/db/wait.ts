// The first contact with the database at start. PostgreSQL not reachable yet (a
// machine booting, the database restarting) is waited for, with backoff, for
// DATABASE_WAIT_SECONDS; anything it will not get over by waiting (no such
// database, a refused password, an unwritable data folder) stops the start at
// once. Either way the operator reads one line that names the setting to look at.
import type { Config } from "../config";
import { log } from "../log";
import { type Database, openDatabase } from "./client";

/** A start that cannot go on: its message is the one line the operator reads (src/main.ts prints it, no stack). */
export class StartRefused extends Error {}

/** DATABASE_URL as a log may show it: the password replaced. */
export function hiddenUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, ":***@");
  }
}

/** Errors that waiting may cure: nothing listening yet, no route yet, or a PostgreSQL still starting (57P03). */
const PASSING = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED", "57P03"]);

const codeOf = (error: unknown) => String((error as { code?: unknown; errno?: unknown })?.code ?? (error as { errno?: unknown })?.errno ?? "");

function refusal(url: string, error: unknown): StartRefused {
  const code = codeOf(error);
  const message = (error as Error)?.message ?? String(error);
  const where = `DATABASE_URL=${hiddenUrl(url)}`;
  if (code === "3D000") return new StartRefused(`The database named in ${where} does not exist: create it (createdb) or correct DATABASE_URL.`);
  if (code === "28P01" || code === "28000") return new StartRefused(`The database refused the user or password in ${where}: ${message}`);
  if (code === "ENOTFOUND") return new StartRefused(`The host in ${where} is not known: correct DATABASE_URL.`);
  return new StartRefused(`Cannot use the database at ${where}: ${message}${code ? ` (${code})` : ""}`);
}

/** Opens the database the config names; on PostgreSQL, waits for it to answer. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (!config.databaseUrl) return openEmbedded(config);
  const url = config.databaseUrl;
  const database = await openDatabase({ databaseUrl: url, dataDir: config.dataDir, pool: config.databasePool });
  const deadline = performance.now() + config.databaseWaitMs;
  for (let attempt = 1, delayMs = 500; ; attempt++, delayMs = Math.min(delayMs * 2, 5000)) {
    try {
      await database.exec("select 1");
      if (attempt > 1) log.info("database reached", { DATABASE_URL: hiddenUrl(url), attempt });
      return database;
    } catch (error) {
      const code = codeOf(error);
      const left = deadline - performance.now();
      if (!PASSING.has(code) || left <= 0) {
        await database.close().catch(() => {});
        if (!PASSING.has(code)) throw refusal(url, error);
        throw new StartRefused(
          `Cannot reach the database at DATABASE_URL=${hiddenUrl(url)} (${code}) after ${Math.round(config.databaseWaitMs / 1000)} s: is PostgreSQL running and reachable? (DATABASE_WAIT_SECONDS sets how long to wait)`,
        );
      }
      const retryInMs = Math.min(delayMs, Math.max(left, 0));
      log.warn("database not reachable yet; trying again", { DATABASE_URL: hiddenUrl(url), attempt, code, retryInMs });
      await Bun.sleep(retryInMs);
    }
  }
}

async function openEmbedded(config: Config): Promise<Database> {
  try {
    return await openDatabase({ databaseUrl: null, dataDir: config.dataDir, pool: config.databasePool, buffersMb: config.pgliteBuffersMb });
  } catch (error) {
    const code = codeOf(error);
    if (["EACCES", "EPERM", "EROFS", "ENOTDIR", "EEXIST", "ENOSPC"].includes(code))
      throw new StartRefused(`The data folder DATA_DIR=${config.dataDir} cannot be written (${code}): give the portal's user a folder it can write, or set DATA_DIR.`);
    throw error;
  }
}
