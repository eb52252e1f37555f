// How a provider says why a message did not go out. A plain error (no answer,
// a timeout, a temporary refusal such as SMTP 4xx or a gateway's rate limit)
// is tried again by the delivery job with backoff; a Refusal is the outside
// service saying the message can never be delivered as it is (SMTP 5xx, an
// unapproved template, a number it does not serve), so trying again would
// only repeat the answer: the message is marked failed at once.
export class Refusal extends Error {}

/**
 * A reason fit for a log line or the outbox's error column: the servers'
 * answers may quote the recipient ("550 <a@b.com>: no such user") or a
 * number, and a log must carry neither an address nor a code in full.
 */
export function redact(reason: string): string {
  return reason
    .replace(/([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+)/g, "$1***@$2")
    .replace(/\+?\d{6,}/g, (digits) => (digits.length >= 11 ? `${digits.slice(0, 3)}****${digits.slice(-2)}` : "******"))
    .slice(0, 500);
}
