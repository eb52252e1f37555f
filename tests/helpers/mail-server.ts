// A local SMTP server for the mail provider's tests (smtp-server, the
// library real relays are built on): it asks for a login, and accepts,
// refuses for good (550), defers (451) or never answers a recipient, as a
// relay does; what it accepts is decoded the way a mail client reads it.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** `raw`: the message as it came (latin1), for a test that reads a multipart mail's attachment. */
export type ReceivedMail = { from: string; to: string[]; headers: Record<string, string>; subject: string; text: string; raw: string };
export type MailMode = "accept" | "refuse" | "defer" | "hang";
/**
 * A slow server: each mail is answered after `ms`. `pass` spends that time
 * (a real wait by default; a test on the injected clock advances its clock
 * instead, so a slow server costs the test no time).
 */
export type Slowness = { ms: number; pass?: (ms: number) => Promise<void> };
export const passSlowness = (slow: Slowness | null) => (slow ? (slow.pass ?? Bun.sleep)(slow.ms) : Promise.resolve());

const smtpError = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

export async function startMailServer(login: { user: string; password: string }) {
  let mode: MailMode = "accept";
  let slowness: Slowness | null = null;
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Plain text on loopback: nodemailer would otherwise upgrade with STARTTLS to the server's self-signed certificate.
    hideSTARTTLS: true,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    closeTimeout: 200,
    onAuth(auth, _session, callback) {
      if (auth.username === login.user && auth.password === login.password) return callback(null, { user: auth.username });
      callback(smtpError(535, "5.7.8 Authentication credentials invalid"));
    },
    onRcptTo(address, _session, callback) {
      if (mode === "refuse") return callback(smtpError(550, `5.1.1 <${address.address}>: Recipient address rejected: User unknown`));
      if (mode === "defer") return callback(smtpError(451, "4.7.1 Greylisted, try again later"));
      if (mode === "hang") return; // the answer never comes
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        await passSlowness(slowness);
        const raw = Buffer.concat(chunks).toString("latin1");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          ...readMessage(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    set: (next: MailMode) => (mode = next),
    slow: (next: Slowness | null) => (slowness = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const bytes = (latin1: string) => Buffer.from(latin1, "latin1");

/** RFC 2047 words (=?UTF-8?B?...?= or Q), adjacent ones joined before decoding as nodemailer may split a character's bytes. */
function decodeWords(value: string): string {
  const parts: Buffer[] = [];
  let rest = value.replace(/\?=\s+=\?/g, "?==?");
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/;
  for (let m = word.exec(rest); m; m = word.exec(rest)) {
    parts.push(bytes(rest.slice(0, m.index)));
    parts.push(m[2]!.toUpperCase() === "B" ? Buffer.from(m[3]!, "base64") : bytes(decodeQ(m[3]!.replace(/_/g, " "))));
    rest = rest.slice(m.index + m[0].length);
  }
  parts.push(bytes(rest));
  return Buffer.concat(parts).toString("utf8");
}

const decodeQ = (text: string) => text.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Headers unfolded and decoded, and the single text part decoded from its transfer encoding. */
function readMessage(raw: string): { headers: Record<string, string>; subject: string; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const headers: Record<string, string> = {};
  for (const line of raw.slice(0, split).replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(split + 4);
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const text =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? bytes(decodeQ(body.replace(/=\r\n/g, ""))).toString("utf8")
        : bytes(body).toString("utf8");
  return { headers, subject: decodeWords(headers.subject ?? ""), text: text.replace(/\r\n/g, "\n").trim() };
}

/** The parts of a multipart mail: each part's headers (lower-case names, unfolded) and its body decoded from base64 when so encoded. */
export function mailParts(raw: string): { headers: Record<string, string>; body: Buffer }[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const split = part.indexOf("\r\n\r\n");
      const headers: Record<string, string> = {};
      for (const line of part.slice(0, split).trim().replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
      }
      const body = part.slice(split + 4);
      return { headers, body: (headers["content-transfer-encoding"] ?? "").toLowerCase() === "base64" ? Buffer.from(body.replace(/\s+/g, ""), "base64") : bytes(body) };
    });
}
