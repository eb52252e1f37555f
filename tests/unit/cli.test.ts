// The server's --help lists the settings from the operator's guide: it is
// only as good as the guide's table, so every variable src/config/ reads
// must have its row there.
import { describe, expect, test } from "bun:test";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { answerCommandLine, helpText, settingRows, variablesRead } from "../../src/cli";
import { parentsFirst } from "../../src/db/copy-to-postgres";

const CONFIG_DIR = join(import.meta.dir, "..", "..", "src", "config");
// Every file of the folder, so a setting read in a module added later is not missed.
const CONFIG_SOURCE = readdirSync(CONFIG_DIR)
  .filter((name) => name.endsWith(".ts"))
  .map((name) => readFileSync(join(CONFIG_DIR, name), "utf8"))
  .join("\n");

describe("the command line", () => {
  test("every variable src/config/ reads, even one read only beside another, has a row in docs/operations.md", () => {
    const documented = new Set(settingRows().flatMap((row) => row.names));
    // env.NAME, env["NAME"] and the helpers' (env, "NAME", ...): a read only under a condition is in the source, not in a run.
    const inSource = [...CONFIG_SOURCE.matchAll(/\benv(?:\.|\[")([A-Z][A-Z0-9_]+)|\(env, "([A-Z][A-Z0-9_]+)"/g)].map((m) => m[1] ?? m[2]!);
    expect(inSource).toContain("PORT");
    expect([...new Set([...inSource, ...variablesRead()])].filter((name) => !documented.has(name))).toEqual([]);
  });

  test("a row naming several variables keeps its defaults and meaning on one line", () => {
    const rows = settingRows("| variable | default | meaning |\n|---|---|---|\n| `PORT`, `HOST` | 3000, 0.0.0.0 | where to listen; a `|` in code |\n");
    expect(rows).toEqual([{ names: ["PORT", "HOST"], defaultValue: "3000, 0.0.0.0", meaning: "where to listen; a | in code" }]);
    expect(helpText()).toContain("\n  PORT, HOST = 3000, 0.0.0.0: where to listen;");
  });

  test("no argument starts the server; an unknown one stops with the usage", () => {
    expect(answerCommandLine([])).toBeNull();
    const errors: string[] = [];
    const error = console.error;
    console.error = (text: string) => errors.push(text);
    try {
      expect(answerCommandLine(["--port", "80"])).toEqual({ exit: 2 });
    } finally {
      console.error = error;
    }
    expect(errors.join("\n")).toContain("usage: union-portal [--help | --version | copy-to-postgres");
  });
});

describe("admin", () => {
  test("acts on one account named by its employee number; anything else stops with the usage", () => {
    for (const verb of ["create-admin", "reset-password", "reset-second-factor"] as const) expect(answerCommandLine(["admin", verb, "cn000001"])).toEqual({ admin: { verb, account: "cn000001" } });
    const error = console.error;
    console.error = () => {};
    try {
      expect(answerCommandLine(["admin", "reset-second-factor"])).toEqual({ exit: 2 });
      expect(answerCommandLine(["admin", "drop-everything", "cn000001"])).toEqual({ exit: 2 });
      expect(answerCommandLine(["admin", "reset-second-factor", "cn 1; rm"])).toEqual({ exit: 2 });
    } finally {
      console.error = error;
    }
  });
});

describe("copy-to-postgres", () => {
  test("is asked with a PostgreSQL address; anything else stops with the usage", () => {
    expect(answerCommandLine(["copy-to-postgres", "postgres://u@db/portal"])).toEqual({ copyToPostgres: "postgres://u@db/portal" });
    const error = console.error;
    console.error = () => {};
    try {
      expect(answerCommandLine(["copy-to-postgres"])).toEqual({ exit: 2 });
      expect(answerCommandLine(["copy-to-postgres", "mysql://u@db/portal"])).toEqual({ exit: 2 });
    } finally {
      console.error = error;
    }
  });

  test("copies parents before children, a table referring to itself in its place, and names a cycle", () => {
    const refs = [
      { child: "orders", parent: "users" },
      { child: "order_items", parent: "orders" },
      { child: "order_items", parent: "activities" },
      { child: "activities", parent: "activities" },
    ];
    const order = parentsFirst(["order_items", "orders", "users", "activities"], refs);
    expect(order.indexOf("users")).toBeLessThan(order.indexOf("orders"));
    expect(order.indexOf("orders")).toBeLessThan(order.indexOf("order_items"));
    expect(order.indexOf("activities")).toBeLessThan(order.indexOf("order_items"));
    expect(() => parentsFirst(["a", "b"], [{ child: "a", parent: "b" }, { child: "b", parent: "a" }])).toThrow("cycle among: a, b");
  });
});
