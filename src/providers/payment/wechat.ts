// WeChat Pay API v3, Native payment: the member scans a `weixin://` code with
// WeChat and pays there. Every request is signed with the merchant's private
// key (WECHATPAY2-SHA256-RSA2048 over method, path, time, nonce and body);
// every answer and notification is signed by WeChat Pay with its platform
// certificate or its newer platform public key, and checked here before
// anything in it is believed. The notification's `resource` is AES-256-GCM
// sealed with the API v3 key. Query and close serve the reconcile job
// (src/domains/payment/reconcile.ts): a lost notification is made good by
// asking, and a payment whose window closed here is closed there too.
// Refunds (/v3/refund/domestic/refunds) give a paid payment's money back
// under our out_refund_no, which WeChat Pay refunds once however often it is
// sent; their outcome comes by notification to the same notify_url (REFUND.*
// events) or by asking (src/domains/payment/refund.ts).
import { createDecipheriv, createSign, createVerify, randomBytes } from "node:crypto";
import type { Config } from "../../config";
import type { NoticeOutcome, PaidNotice, PaymentProvider, PaymentStatus, ProviderNotice, RefundStatus } from "./index";
import { log } from "../../log";

export type WechatPayConfig = NonNullable<Config["payment"]["wechat"]>;

export const WECHATPAY_AUTH_SCHEMA = "WECHATPAY2-SHA256-RSA2048";
/** WeChat Pay's own rule for its signed messages: one more than 5 minutes away from our clock is a replay, not taken. */
export const WECHATPAY_MAX_SKEW_MS = 5 * 60_000;
/** out_trade_no: 6-32 of these (our trades are 31: a letter, 14 digits, 16 hex). */
const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;
/** description is string(127). */
const DESCRIPTION_BYTES = 127;
/** A refund's reason is string(80), shown to the payer. */
const REFUND_REASON_CHARS = 80;

/** A refusal or silence from WeChat Pay, with its HTTP status and error code when it answered. */
export class WechatPayError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
    /** WeChat Pay's own message, when it gave one. */
    readonly detail: string = "",
  ) {
    super(message);
  }
}

/** RFC 3339 in China time, as WeChat Pay writes and expects times: 2026-03-02T09:35:00+08:00. */
export const chinaTime = (d: Date): string => `${new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;

function clip(text: string, maxBytes: number): string {
  let out = "";
  for (const ch of text) {
    if (Buffer.byteLength(out + ch) > maxBytes) break;
    out += ch;
  }
  return out;
}

/** The transaction object of a query answer or a decrypted notification. */
type Transaction = {
  appid?: unknown;
  mchid?: unknown;
  out_trade_no?: unknown;
  transaction_id?: unknown;
  trade_state?: unknown;
  amount?: { total?: unknown };
};

type Resource = { algorithm?: unknown; ciphertext?: unknown; nonce?: unknown; associated_data?: unknown };

/** A refund as a refund call, a query or a decrypted notification describes it. */
type Refund = {
  mchid?: unknown;
  out_trade_no?: unknown;
  out_refund_no?: unknown;
  refund_id?: unknown;
  status?: unknown;
  refund_status?: unknown;
  amount?: { total?: unknown; refund?: unknown };
};

/** What a refund's status says, in our terms: SUCCESS done, PROCESSING under way, CLOSED and ABNORMAL failed (an abnormal one is settled in the merchant platform). */
function refundStatus(refund: Refund): RefundStatus {
  const status = refund.status ?? refund.refund_status;
  const providerRefund = typeof refund.refund_id === "string" ? refund.refund_id : null;
  if (status === "SUCCESS") return { state: "refunded", providerRefund };
  if (status === "PROCESSING") return { state: "processing", providerRefund };
  if (status === "CLOSED" || status === "ABNORMAL") return { state: "failed", reason: String(status) };
  throw new WechatPayError(`WeChat Pay answered a refund with status ${String(status).slice(0, 40)}`, 200, null);
}

export function wechatPayProvider(cfg: WechatPayConfig, timeoutMs: number): PaymentProvider {
  /** Why a signed message from WeChat Pay is not to be believed, or null when it is. */
  function unsigned(headers: Headers, body: string, now: Date): string | null {
    const timestamp = headers.get("wechatpay-timestamp") ?? "";
    const nonce = headers.get("wechatpay-nonce") ?? "";
    const signature = headers.get("wechatpay-signature") ?? "";
    const serial = headers.get("wechatpay-serial") ?? "";
    if (!timestamp || !nonce || !signature || !serial) return "no Wechatpay-Signature headers";
    const platform = cfg.platformKeys.find((k) => k.serial === serial || k.serial === serial.toUpperCase());
    if (!platform) return `signed with serial ${serial.slice(0, 64)}, which is not the configured platform certificate or public key`;
    if (!/^\d{1,12}$/.test(timestamp)) return "a malformed Wechatpay-Timestamp";
    const skew = now.getTime() - Number(timestamp) * 1000;
    if (Math.abs(skew) > WECHATPAY_MAX_SKEW_MS) return `stale: signed ${Math.round(skew / 1000)} s from our clock`;
    try {
      const ok = createVerify("RSA-SHA256").update(`${timestamp}\n${nonce}\n${body}\n`).verify(platform.key, signature, "base64");
      return ok ? null : "a bad signature";
    } catch {
      return "a malformed signature";
    }
  }

  /** The paid notice a transaction object says, or null when it is not a payment of ours that succeeded. */
  function paidNotice(tx: Transaction): PaidNotice | null {
    if (tx.mchid !== cfg.mchid || tx.appid !== cfg.appid || tx.trade_state !== "SUCCESS") return null;
    const { out_trade_no: trade, transaction_id: transactionId } = tx;
    const amount = tx.amount?.total;
    if (typeof trade !== "string" || typeof transactionId !== "string" || !Number.isInteger(amount)) return null;
    return { trade, transactionId, amount: amount as number };
  }

  function decrypt(resource: Resource): string {
    const { algorithm, ciphertext, nonce, associated_data: aad } = resource;
    if (algorithm !== "AEAD_AES_256_GCM" || typeof ciphertext !== "string" || typeof nonce !== "string") throw new Error("not an AEAD_AES_256_GCM resource");
    const sealed = Buffer.from(ciphertext, "base64");
    if (sealed.length <= 16) throw new Error("a resource too short to hold its tag");
    const decipher = createDecipheriv("aes-256-gcm", Buffer.from(cfg.apiV3Key, "utf8"), Buffer.from(nonce, "utf8"));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    decipher.setAAD(Buffer.from(typeof aad === "string" ? aad : "", "utf8"));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString("utf8");
  }

  /** One signed call; the answer's signature is checked before its body is handed back. */
  async function call(method: "GET" | "POST", path: string, body: object | null, now: Date): Promise<{ status: number; text: string }> {
    const payload = body ? JSON.stringify(body) : "";
    const timestamp = Math.floor(now.getTime() / 1000).toString();
    const nonce = randomBytes(16).toString("hex").toUpperCase();
    const signature = createSign("RSA-SHA256").update(`${method}\n${path}\n${timestamp}\n${nonce}\n${payload}\n`).sign(cfg.privateKey, "base64");
    const authorization = `${WECHATPAY_AUTH_SCHEMA} mchid="${cfg.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${cfg.merchantSerial}"`;
    const what = `WeChat Pay ${method} ${path.split("?")[0]}`;
    let status: number;
    let text: string;
    let headers: Headers;
    try {
      const res = await fetch(`${cfg.baseUrl}${path}`, {
        method,
        headers: { authorization, accept: "application/json", "content-type": "application/json", "user-agent": "union-portal" },
        body: body ? payload : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      headers = res.headers;
      text = await res.text();
    } catch (error) {
      const timedOut = (error as Error)?.name === "TimeoutError" || (error as Error)?.name === "AbortError";
      throw new WechatPayError(`${what}: ${timedOut ? `no answer within ${timeoutMs} ms` : `no answer (${(error as Error)?.message ?? error})`}`, null, null);
    }
    if (status < 200 || status > 299) {
      let code: string | null = null;
      let message = "";
      try {
        const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
        if (typeof parsed.code === "string") code = parsed.code;
        if (typeof parsed.message === "string") message = parsed.message.slice(0, 200);
      } catch {
        // A gateway's HTML error page: the status says enough.
      }
      throw new WechatPayError(`${what}: refused with ${status}${code ? ` ${code}` : ""}${message ? ` (${message})` : ""}`, status, code, message);
    }
    const problem = unsigned(headers, text, now);
    if (problem) throw new WechatPayError(`${what}: the answer is not to be believed: ${problem}`, status, "SIGNATURE");
    return { status, text };
  }

  return {
    name: "wechat",

    async create({ trade, amount, subject, expiresAt, now }) {
      if (!OUT_TRADE_NO.test(trade)) throw new WechatPayError(`trade ${trade} is not a valid out_trade_no`, null, null);
      const order = {
        appid: cfg.appid,
        mchid: cfg.mchid,
        description: clip(subject, DESCRIPTION_BYTES) || trade,
        out_trade_no: trade,
        // WeChat Pay itself refuses to take the money once the window has closed here.
        time_expire: chinaTime(expiresAt),
        notify_url: cfg.notifyUrl,
        amount: { total: amount, currency: "CNY" },
      };
      let answer: { text: string };
      try {
        answer = await call("POST", "/v3/pay/transactions/native", order, now);
      } catch (error) {
        // WeChat Pay asks for the same call again on its SYSTEM_ERROR (a 5xx); the same out_trade_no makes it safe. Once only: the member is waiting.
        if (!(error instanceof WechatPayError) || error.status === null || error.status < 500) throw error;
        log.warn(`payment ${trade}: ${error.message}; asking once more`);
        answer = await call("POST", "/v3/pay/transactions/native", order, now);
      }
      const codeUrl = (JSON.parse(answer.text) as { code_url?: unknown }).code_url;
      if (typeof codeUrl !== "string" || !codeUrl.startsWith("weixin://")) throw new WechatPayError("WeChat Pay answered the order without a weixin:// code_url", 200, null);
      return { payUrl: codeUrl, providerTrade: null };
    },

    async verify({ body, headers }, now) {
      const problem = unsigned(headers, body, now);
      if (problem) {
        log.warn(`wechat pay notification refused: ${problem}`);
        return null;
      }
      try {
        const event = JSON.parse(body) as { event_type?: unknown; resource?: Resource };
        if (typeof event.event_type === "string" && event.event_type.startsWith("REFUND.") && event.resource) {
          const refund = JSON.parse(decrypt(event.resource)) as Refund;
          const { out_refund_no: refundNo, out_trade_no: trade } = refund;
          const amount = refund.amount?.refund;
          const total = refund.amount?.total;
          if (refund.mchid !== cfg.mchid || typeof refundNo !== "string" || typeof trade !== "string" || !Number.isInteger(amount) || !Number.isInteger(total)) {
            log.warn("wechat pay notification refused: not a refund of this merchant");
            return null;
          }
          return { kind: "refund", refundNo, trade, amount: amount as number, total: total as number, status: refundStatus(refund) } satisfies ProviderNotice;
        }
        if (event.event_type !== "TRANSACTION.SUCCESS" || !event.resource) {
          log.warn(`wechat pay notification refused: event ${String(event.event_type).slice(0, 40)} is not a payment or a refund`);
          return null;
        }
        const notice = paidNotice(JSON.parse(decrypt(event.resource)) as Transaction);
        if (!notice) log.warn("wechat pay notification refused: not a successful payment to this merchant and app");
        return notice && { kind: "paid", ...notice };
      } catch (error) {
        // A GCM tag that does not match is a wrong WECHATPAY_API_V3_KEY or a forged resource.
        log.warn(`wechat pay notification refused: its resource could not be read (${(error as Error)?.message ?? error})`);
        return null;
      }
    },

    acknowledge(outcome: NoticeOutcome) {
      // WeChat Pay reads the status: 200 or 204 is taken; any 4xx or 5xx (with {code, message}) makes it send again, for up to 24 h.
      if (outcome === "accepted") return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
      return new Response(JSON.stringify({ code: "FAIL", message: outcome === "refused" ? "refused" : "not applied, send again" }), {
        status: outcome === "refused" ? 400 : 500,
        headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
      });
    },

    async query(trade, now): Promise<PaymentStatus> {
      let answer: { text: string };
      try {
        answer = await call("GET", `/v3/pay/transactions/out-trade-no/${encodeURIComponent(trade)}?mchid=${cfg.mchid}`, null, now);
      } catch (error) {
        // Never placed there (the order call did not arrive): nobody can pay it.
        if (error instanceof WechatPayError && error.status === 404 && error.code === "ORDER_NOT_EXIST") return { state: "closed" };
        throw error;
      }
      const tx = JSON.parse(answer.text) as Transaction;
      if (tx.out_trade_no !== trade) throw new WechatPayError(`WeChat Pay answered a query for ${trade} with another trade`, 200, null);
      if (tx.trade_state === "SUCCESS") {
        const notice = paidNotice(tx);
        if (!notice) throw new WechatPayError(`WeChat Pay's transaction for ${trade} is not this merchant's and app's`, 200, null);
        return { state: "paid", notice };
      }
      // NOTPAY and USERPAYING may still be paid; CLOSED, REVOKED, PAYERROR and REFUND (paid, then given back by staff) never settle an order.
      return tx.trade_state === "NOTPAY" || tx.trade_state === "USERPAYING" ? { state: "open" } : { state: "closed" };
    },

    async close(trade, now) {
      await call("POST", `/v3/pay/transactions/out-trade-no/${encodeURIComponent(trade)}/close`, { mchid: cfg.mchid }, now);
    },

    async refund({ trade, refundNo, amount, total, reason, now }) {
      const request = {
        out_trade_no: trade,
        out_refund_no: refundNo,
        reason: [...reason].slice(0, REFUND_REASON_CHARS).join(""),
        notify_url: cfg.notifyUrl,
        amount: { refund: amount, total, currency: "CNY" },
      };
      let answer: { text: string };
      try {
        try {
          answer = await call("POST", "/v3/refund/domestic/refunds", request, now);
        } catch (error) {
          // A SYSTEM_ERROR (5xx) is asked again once with the same out_refund_no, which WeChat Pay refunds once.
          if (!(error instanceof WechatPayError) || error.status === null || error.status < 500) throw error;
          log.warn(`refund ${refundNo}: ${error.message}; asking once more`);
          answer = await call("POST", "/v3/refund/domestic/refunds", request, now);
        }
      } catch (error) {
        // Refused (balance, rules, parameters): failed, with WeChat Pay's own words. No answer or a 5xx: nobody knows yet.
        if (error instanceof WechatPayError && error.status !== null && error.status >= 400 && error.status < 500 && error.code !== "SIGNATURE") {
          return { state: "failed", reason: `${error.code ?? error.status}${error.detail ? `: ${error.detail}` : ""}` };
        }
        throw error;
      }
      const refund = JSON.parse(answer.text) as Refund;
      if (refund.out_refund_no !== refundNo) throw new WechatPayError(`WeChat Pay answered refund ${refundNo} with another`, 200, null);
      return refundStatus(refund);
    },

    async queryRefund(refundNo, now) {
      let answer: { text: string };
      try {
        answer = await call("GET", `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`, null, now);
      } catch (error) {
        if (error instanceof WechatPayError && error.status === 404 && error.code === "RESOURCE_NOT_EXISTS") return { state: "missing" };
        throw error;
      }
      const refund = JSON.parse(answer.text) as Refund;
      if (refund.out_refund_no !== refundNo) throw new WechatPayError(`WeChat Pay answered a query for refund ${refundNo} with another`, 200, null);
      return refundStatus(refund);
    },
  };
}
