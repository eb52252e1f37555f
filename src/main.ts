// Reads config, opens the database, migrates, seeds on first start, listens.
import { answerCommandLine } from "./cli";
import { ConfigError, loadConfig } from "./config";
import { MAX_REQUEST_BYTES, createApp } from "./app";
import { openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { DEMO_PASSWORD, DEMO_USERS, seed } from "./db/seed";
import { startJobs } from "./jobs/scheduler";

const asked = answerCommandLine(Bun.argv.slice(2));
if (asked) process.exit(asked.exit);

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(2);
  }
  throw error;
}

if (config.captchaFixed) console.warn(`WARNING: CAPTCHA_FIXED is set: every image code is "${config.captchaFixed}". Never do this in production.`);

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.databasePool, buffersMb: config.pgliteBuffersMb });
await migrate(database);
// Tests start a server from a fixed moment (CLOCK_START); its time then runs on as usual.
const booted = Date.now();
const clock = config.clockStart ? () => new Date(config.clockStart!.getTime() + (Date.now() - booted)) : () => new Date();
const report = await seed(database, config, clock());
if (report.seeded && report.demo) {
  console.log(`Seeded demo data. Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const u of DEMO_USERS) console.log(`  ${u.employees.padEnd(9)} ${u.role.padEnd(14)} ${u.phone}  ${u.mail}`);
}
if (report.admin) {
  console.log(
    report.admin.password
      ? `First administrator: account "${report.admin.account}", password "${report.admin.password}" (shown once; change it after signing in).`
      : `First administrator: account "${report.admin.account}", password from ADMIN_PASSWORD.`,
  );
}

const stopJobs = startJobs({ database, config }, clock);
const app = createApp({ database, config, clock });
try {
  // Elysia asks Bun for a shared port by default: a second portal started by mistake would then take half the
  // traffic silently (two embedded databases on one folder, or an old binary beside a new one). One owner only.
  app.listen({ port: config.port, hostname: config.host, maxRequestBodySize: MAX_REQUEST_BYTES, reusePort: false });
} catch (error) {
  console.error(`Cannot listen on port ${config.port}: ${(error as Error).message ?? error}. Is another Union Portal running there?`);
  stopJobs();
  await database.close();
  process.exit(1);
}
console.log(`Union Portal on http://localhost:${config.port} (${database.kind}${database.kind === "pglite" ? ` in ${config.dataDir}` : ""})`);

const shutdown = async () => {
  stopJobs();
  await app.stop();
  await database.close();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
