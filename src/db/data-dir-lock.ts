// One process at a time on an embedded database: PGlite takes no lock on its
// folder, and a second portal (or copy-to-postgres) opening it while the
// first runs would corrupt it. The lock is a file naming the holder's
// process id; a holder gone without removing it (kill -9, a power cut) is
// found dead and its lock taken over.
import { closeSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";

export class DataDirInUse extends Error {}

/** Whether a process of this id runs (the lock's holder; a test process that made a template database). */
export const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user, so it is alive.
    return (error as { code?: string }).code === "EPERM";
  }
};

/** Takes DATA_DIR's lock or throws DataDirInUse; returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, "portal.lock");
  const mine = String(process.pid);
  try {
    const fd = openSync(path, "wx");
    writeSync(fd, mine);
    closeSync(fd);
  } catch (error) {
    if ((error as { code?: string }).code !== "EEXIST") throw error;
    const holder = Number.parseInt(readFileSync(path, "utf8"), 10);
    // In a container the portal is often pid 1 after every restart: its own old lock is its own.
    if (Number.isInteger(holder) && holder !== process.pid && processAlive(holder)) {
      throw new DataDirInUse(`The data folder ${dataDir} is in use by process ${holder} (another Union Portal, or a copy to PostgreSQL). Stop it first; ${path} names it.`);
    }
    writeFileSync(path, mine);
  }
  return () => {
    try {
      if (readFileSync(path, "utf8") === mine) unlinkSync(path);
    } catch {}
  };
}
