// The server's one way to write a log line: a JSON object per line, on
// stdout (info, debug) or stderr (warn, error), so a collector can parse
// every line. Callers pass ids and codes, never bodies, tokens, passwords,
// phone numbers or e-mail addresses: nothing here can tell those apart, so
// the rule is kept where a line is written (the request line is built from
// the route pattern, never the URL, whose query carries the session's token).

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
let threshold = RANK.info;

/** Set once from LOG_LEVEL at start (src/main.ts, src/app.ts). */
export function setLogLevel(level: LogLevel) {
  threshold = RANK[level];
}

export const logs = (level: LogLevel) => RANK[level] >= threshold;

/**
 * An error as a log field: its class, message, database code and stack.
 * PostgreSQL's `detail` (which quotes the row's values) is left out.
 */
function errorField(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { name: error.name, message: error.message, ...(typeof code === "string" ? { code } : {}), stack: error.stack };
}

function write(level: LogLevel, msg: string, fields?: Record<string, unknown>) {
  if (RANK[level] < threshold) return;
  const line: Record<string, unknown> = { time: new Date().toISOString(), level, msg };
  for (const [key, value] of Object.entries(fields ?? {})) line[key] = key === "error" ? errorField(value) : value;
  // Through console (stdout for debug and info, stderr for warn and error), so a test can listen as it always has.
  const text = JSON.stringify(line);
  if (level === "error") console.error(text);
  else if (level === "warn") console.warn(text);
  else console.log(text);
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
