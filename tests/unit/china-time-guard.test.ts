// Every date and time a person reads in the portal is China time (decision 62,
// issue 29): nothing in ui/ reads the browser's own zone to show a date, which
// would put a member in New York 13 hours off. ui/lib/china-time.ts is the one
// way (it reads UTC fields of an instant shifted by China's offset).
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";

const LOCAL_ZONE = /\.(getHours|getMinutes|getSeconds|getDate|getDay|getMonth|getFullYear)\(\)|toLocale(Date|Time)String/;

test("no screen formats a date in the browser's own zone", () => {
  const offenders: string[] = [];
  for (const file of new Bun.Glob("ui/**/*.{ts,tsx}").scanSync(".")) {
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => LOCAL_ZONE.test(line) && offenders.push(`${file}:${i + 1}: ${line.trim()}`));
  }
  expect(offenders).toEqual([]);
});
