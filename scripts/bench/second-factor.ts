// npm run bench:second-factor: what a second factor costs a sign-in (issue 31
// item 1), against a portal process on its embedded database.
//
//   bun scripts/bench/second-factor.ts [--rounds 40]
//
// Members without a factor and members with an authenticator app sign in one
// after another, alternating, each through the real protocol from a fresh
// page (token, image code, password; then, for the second kind, the app's
// code). Reported: the median and p90 of each, and the difference, which is
// what the factor adds: one more signed round trip and its transaction, the
// password's argon2id being the same in both.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client";
import { secondFactors } from "../../src/db/schema";
import { codeAt, newSecret } from "../../src/domains/second-factor/one-time";
import { nodeBackend } from "../../src/http/crypto-node";
import { ApiClient } from "../../src/protocol/client";
import { passwordDigest } from "../../src/protocol/password";
import { signIn } from "../../src/protocol/signin";
import { testNow } from "../../tests/helpers/clock";
import { startServer } from "../../tests/helpers/server";
import { BENCH_PASSWORD, makeBenchMembers } from "./signup-fixtures";

const at = process.argv.indexOf("--rounds");
const rounds = at > 0 ? Number(process.argv[at + 1]) : 40;
const digest = passwordDigest(BENCH_PASSWORD).toLowerCase();
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

const folder = await mkdtemp(join(tmpdir(), "union-portal-bench-2fa-"));
try {
  const dataDir = join(folder, "data");
  // The first start seeds; the members are written while it is stopped (an embedded database has one owner).
  await (await startServer({ env: { DATA_DIR: dataDir } })).stop();
  const database = await openDatabase({ databaseUrl: null, dataDir });
  const plain = await makeBenchMembers(database.db, rounds, "plain");
  const withApp = await makeBenchMembers(database.db, rounds, "twofa");
  const secrets = withApp.map(() => newSecret());
  await database.db.insert(secondFactors).values(withApp.map((m, i) => ({ userId: m.id, kind: "totp" as const, label: "app", confirmed: true, secret: secrets[i], createdAt: new Date() })));
  await database.close();

  // Every sign-in is a fresh page with a token of its own, all from this one address.
  const portal = await startServer({ env: { DATA_DIR: dataDir, TOKEN_BURST: "100000", TOKEN_PER_SECOND: "100000" } });
  try {
    const page = () => new ApiClient({ baseUrl: portal.url, backend: nodeBackend, appId: "union-portal-cli" });
    const times = { plain: [] as number[], app: [] as number[], step: [] as number[] };
    // One warm-up of each kind, not counted.
    for (let i = -1; i < rounds; i++) {
      const k = Math.max(0, i);
      let started = performance.now();
      const one = await signIn(page(), { account: plain[k]!.account, passwordMd5: digest, captcha: "ABC123" });
      if (one.message.code !== "SUCCESS") throw new Error(`plain sign-in: ${one.message.code}`);
      if (i >= 0) times.plain.push(performance.now() - started);
      if (i < 0) continue;
      const client = page();
      started = performance.now();
      const first = await signIn(client, { account: withApp[k]!.account, passwordMd5: digest, captcha: "ABC123" });
      if (first.message.code !== "ERROR_SECOND_FACTOR") throw new Error(`password step: ${first.message.code}`);
      const stepStarted = performance.now();
      const second = await client.call("/client/login/second", { code: codeAt(secrets[k]!, testNow()) });
      if (second.message.code !== "SUCCESS") throw new Error(`code step: ${second.message.code}`);
      times.app.push(performance.now() - started);
      times.step.push(performance.now() - stepStarted);
    }
    for (const list of Object.values(times)) list.sort((a, b) => a - b);
    const row = (label: string, list: number[]) => console.log(`| ${label} | ${quantile(list, 0.5).toFixed(1)} ms | ${quantile(list, 0.9).toFixed(1)} ms |`);
    console.log(`\n${rounds} sign-ins of each kind, alternating, one at a time\n`);
    console.log("| | median | p90 |\n|---|---|---|");
    row("password alone", times.plain);
    row("password and an app's code", times.app);
    row("the code step alone", times.step);
    console.log(`\nThe second factor adds ${(quantile(times.app, 0.5) - quantile(times.plain, 0.5)).toFixed(1)} ms to a sign-in's median (${((quantile(times.app, 0.5) / quantile(times.plain, 0.5)) * 100 - 100).toFixed(0)}%).`);
  } finally {
    await portal.stop();
  }
} finally {
  await rm(folder, { recursive: true, force: true });
}
