// The server's own command line: `union-portal --help` lists the settings,
// `--version` prints the release and its commit (src/release.ts),
// `copy-to-postgres URL` copies the embedded database to PostgreSQL
// (src/db/copy-to-postgres.ts), `admin create-admin|reset-password ACCOUNT`
// acts on an account from the machine (src/db/machine-admin.ts); with no
// argument the server starts.
//
// The settings are the variables src/config/ reads; their defaults and
// meanings are the settings table of docs/operations.md (one row per setting
// or group, which every new setting adds), embedded in the binary.
// tests/unit/cli.test.ts holds that every variable src/config/ reads has a row.
import operationsGuide from "../docs/operations.md" with { type: "text" };
import { loadConfig } from "./config";
import { MACHINE_ADMIN_USAGE, type MachineAdmin } from "./db/machine-admin";
import { release, releaseText } from "./release";

const USAGE = `usage: union-portal [--help | --version | copy-to-postgres postgres://USER@HOST/DATABASE]\n       ${MACHINE_ADMIN_USAGE}`;

export type SettingRow = { names: string[]; defaultValue: string; meaning: string };

const plain = (cell: string) => cell.replaceAll("`", "").trim();

/** The rows of the guide's settings tables: a row whose first cell names variables in backquotes. */
export function settingRows(markdown: string = operationsGuide): SettingRow[] {
  const rows: SettingRow[] = [];
  for (const line of markdown.split("\n")) {
    const cells = line.trim().match(/^\|(.*)\|$/)?.[1]?.split("|");
    if (!cells || cells.length < 3) continue;
    const names = [...cells[0]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!);
    if (names.length === 0) continue;
    rows.push({ names, defaultValue: plain(cells[1]!), meaning: plain(cells.slice(2).join("|")) });
  }
  return rows;
}

/** The variables src/config/ reads with nothing set (a setting read only beside another one is not among them). */
export function variablesRead(): string[] {
  const read = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_, name) {
      if (typeof name === "string") read.add(name);
      return undefined;
    },
  });
  loadConfig(env);
  return [...read];
}

export function helpText(): string {
  const rows = settingRows();
  const documented = new Set(rows.flatMap((row) => row.names));
  const undocumented = variablesRead().filter((name) => !documented.has(name));
  return [
    releaseText(),
    "",
    USAGE,
    "",
    "With no argument, starts the portal: opens the database (embedded in DATA_DIR unless DATABASE_URL is set),",
    "applies the migrations, seeds on the first start and serves on PORT. Settings are",
    "environment variables, also read from a .env file in the working folder:",
    "",
    ...rows.map((row) => `  ${row.names.join(", ")} = ${row.defaultValue || "(unset)"}: ${row.meaning}`),
    ...undocumented.map((name) => `  ${name}`),
    "",
    "copy-to-postgres copies the embedded database in DATA_DIR into an empty PostgreSQL database",
    "(stop the portal first); then set DATABASE_URL to it and start the portal.",
    "",
    "admin create-admin ACCOUNT makes a new administrator with that employee number; admin reset-password ACCOUNT",
    "gives an account a new password and signs it out everywhere. Each prints the password once and is written to",
    "the operation log. admin reset-second-factor ACCOUNT removes an account's second factor (a lost device) and",
    "signs it out everywhere, also logged. On the embedded database, stop the portal first.",
    "",
    "The operator's guide, docs/operations.md, says more about each.",
  ].join("\n");
}

/** What the command line asks for: an answer to print and stop with, a copy to PostgreSQL, or (null) the server. */
export type CommandLine = { exit: number } | { copyToPostgres: string } | { admin: MachineAdmin } | null;

export function answerCommandLine(args: string[]): CommandLine {
  if (args.length === 0) return null;
  if (args.length === 1 && (args[0] === "--help" || args[0] === "-h")) {
    console.log(helpText());
    return { exit: 0 };
  }
  if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
    console.log(`${release().version} (commit ${release().commit})`);
    return { exit: 0 };
  }
  if (args[0] === "admin" && args.length === 3 && (args[1] === "create-admin" || args[1] === "reset-password" || args[1] === "reset-second-factor") && /^[A-Za-z0-9_.-]{1,64}$/.test(args[2]!))
    return { admin: { verb: args[1], account: args[2]! } };
  if (args[0] === "copy-to-postgres" && args.length === 2 && /^postgres(ql)?:\/\//.test(args[1]!)) return { copyToPostgres: args[1]! };
  console.error(`unknown argument "${args.join(" ")}"\n${USAGE}`);
  return { exit: 2 };
}
