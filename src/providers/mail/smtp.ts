// Mail over SMTP with nodemailer: one connection per message (the portal
// sends a code now and then, not bulk mail), timed out by the same limit the
// delivery job gives every provider, so a server that hangs frees its socket.
import nodemailer from "nodemailer";
import { Refusal, redact } from "../refusal";
import type { MailMessage, MailProvider } from ".";

export type SmtpSettings = {
  host: string;
  port: number;
  /** TLS from the first byte (smtps, port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  /** Refuse to send unless the server upgrades to TLS (STARTTLS): never a password in the clear. */
  requireTls: boolean;
  user: string | null;
  password: string | null;
  /** The sender, "工会 <union@example.com>" or a bare address. */
  from: string;
};

type SmtpError = Error & { code?: string; responseCode?: number; command?: string };

export function smtpMail(settings: SmtpSettings, timeoutMs: number): MailProvider {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: settings.requireTls,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? "" } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
  const domain = /@([^>\s]+)>?\s*$/.exec(settings.from)?.[1] ?? "localhost";
  return {
    name: "smtp",
    async send(message: MailMessage) {
      try {
        await transport.sendMail({
          from: settings.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          attachments: message.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType })),
          // The same id on every try: a retry after a reply that was lost is one mail to a receiver that removes duplicates.
          messageId: `<outbox-${message.id}@${domain}>`,
          headers: { "X-Outbox-Id": String(message.id) },
        });
      } catch (error) {
        const e = error as SmtpError;
        // nodemailer quotes the server's reply after its own words; the code says which step refused.
        const reason = redact(`SMTP ${e.command ? `${e.command}: ` : ""}${e.code ?? "error"} ${e.message}`);
        // 5xx is the server's final word; 4xx, timeouts and lost connections are worth another try.
        if (e.responseCode !== undefined && e.responseCode >= 500) throw new Refusal(reason);
        if (e.code === "EENVELOPE" && e.responseCode === undefined) throw new Refusal(reason);
        throw new Error(reason);
      }
    },
  };
}
