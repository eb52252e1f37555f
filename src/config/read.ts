// The readers every setting goes through: each checks one variable and names
// it in the ConfigError that stops the start, so a typo is found before the
// first request rather than in it.
import { readFileSync } from "node:fs";

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

export function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  // Number.parseInt would accept "3000abc"; a config value must be all digits.
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!allowed.includes(raw as T)) throw new ConfigError(`${name} must be one of ${allowed.join(", ")}, got "${raw}"`);
  return raw as T;
}

/** "host=value;host2=value2" pairs, e.g. the filing number by host name. */
export function hostMap(env: Env, name: string, fallback: Record<string, string>): Record<string, string> {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const out: Record<string, string> = {};
  for (const pair of raw.split(";").filter(Boolean)) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new ConfigError(`${name} must look like "host=value;other.host=value", got "${raw}"`);
    out[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return out;
}

/** A PEM given as its text (with real newlines, or with \n written out) or as the path of its file. */
export function pem(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === "") return null;
  if (raw.trimStart().startsWith("-----BEGIN")) return raw.replace(/\\n/g, "\n");
  try {
    return readFileSync(raw, "utf8");
  } catch (error) {
    throw new ConfigError(`${name} must be a PEM text or the path of a readable PEM file, got "${raw}" (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`);
  }
}
