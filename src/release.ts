// Which release this is, for `--version`, /readyz and the start's log line
// (decision 120): package.json's version, bumped with each release, and the
// commit it was built from. scripts/compile.ts bakes the commit into the
// binary as BUILD_COMMIT; from a checkout it is asked of git, once.
import { version } from "../package.json";

declare const BUILD_COMMIT: string | undefined;

export type Release = { version: string; commit: string };

let known: Release | undefined;

function checkoutCommit(): string {
  try {
    const git = Bun.spawnSync(["git", "rev-parse", "--short=12", "HEAD"], { cwd: import.meta.dir, stdout: "pipe", stderr: "ignore" });
    return (git.success && git.stdout.toString().trim()) || "unknown";
  } catch {
    return "unknown";
  }
}

export function release(): Release {
  known ??= { version, commit: typeof BUILD_COMMIT === "string" ? BUILD_COMMIT : checkoutCommit() };
  return known;
}

export const releaseText = () => `Union Portal ${release().version} (commit ${release().commit})`;
