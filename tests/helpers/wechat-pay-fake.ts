// A local WeChat Pay API v3 for the tests, on a real port: it checks each
// request's WECHATPAY2-SHA256-RSA2048 signature against the merchant's public
// key and refuses like the real one (401 SIGN_ERROR, 404 ORDER_NOT_EXIST,
// 400 PARAM_ERROR), signs every answer with its own platform key (its serial
// a self-signed certificate made here with node:crypto, or a PUB_KEY_ID_),
// and pays: the order turns SUCCESS and a notification, signed and with its
// resource sealed in AES-256-GCM under the API v3 key, is sent to notify_url.
// Refunds: taken once per out_refund_no (the same number again answers the
// same refund), never more than the order's total, PROCESSING until the test
// settles them (or SUCCESS at once), with their REFUND.* notification.
// Faults for the next calls: a timeout, a 500, a bad or foreign signature,
// a refund refused for want of balance.
import { createCipheriv, createHash, createSign, createVerify, generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";

// ---- a self-signed X.509 certificate, DER by hand (node:crypto reads certificates but does not make them)

const der = (tag: number, body: Uint8Array): Buffer => {
  const n = body.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), body]);
};
const seq = (...parts: Uint8Array[]) => der(0x30, Buffer.concat(parts));
const oid = (dotted: string) => {
  const [a, b, ...rest] = dotted.split(".").map(Number);
  const bytes = [a! * 40 + b!];
  for (const v of rest) {
    const chunk = [v & 0x7f];
    for (let x = v >> 7; x > 0; x >>= 7) chunk.unshift((x & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Uint8Array.from(bytes));
};
const utcTime = (d: Date) => der(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/\D/g, "")}Z`));
const name = (cn: string) => seq(der(0x31, seq(oid("2.5.4.3"), der(0x0c, Buffer.from(cn)))));
const SHA256_RSA = seq(oid("1.2.840.113549.1.1.11"), Buffer.from([0x05, 0x00]));

/** A certificate for `key`, signed by itself, with a 20-byte serial (40 hex digits, as WeChat Pay's platform certificates have). */
export function selfSignedCertificate(keys: { publicKey: KeyObject; privateKey: KeyObject }, commonName: string, from: Date, years = 5) {
  const serial = randomBytes(20);
  serial[0] = 0x10 | (serial[0]! & 0x3f); // positive, and no leading zero byte to drop
  const until = new Date(from.getTime() + years * 365 * 86_400_000);
  const tbs = seq(
    der(0xa0, der(0x02, Uint8Array.from([2]))),
    der(0x02, serial),
    SHA256_RSA,
    name(commonName),
    seq(utcTime(new Date(from.getTime() - 86_400_000)), utcTime(until)),
    name(commonName),
    keys.publicKey.export({ type: "spki", format: "der" }),
  );
  const signature = createSign("RSA-SHA256").update(tbs).sign(keys.privateKey);
  const cert = seq(tbs, SHA256_RSA, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const pem = `-----BEGIN CERTIFICATE-----\n${cert.toString("base64").replace(/(.{64})/g, "$1\n").trim()}\n-----END CERTIFICATE-----\n`;
  return { pem, serial: serial.toString("hex").toUpperCase() };
}

export const rsaKeys = () => generateKeyPairSync("rsa", { modulusLength: 2048 });

// ---- the fake service

export type Fault = "timeout" | "500" | "bad-signature" | "foreign-serial" | "stale" | "not-enough";

type Order = {
  appid: string;
  mchid: string;
  description: string;
  amount: number;
  notifyUrl: string;
  timeExpire: string;
  codeUrl: string;
  state: "NOTPAY" | "SUCCESS" | "CLOSED" | "REFUND";
  transactionId: string | null;
  successTime: string | null;
};

export type FakeOptions = {
  mchid: string;
  appid: string;
  apiV3Key: string;
  merchantSerial: string;
  merchantPublicKey: KeyObject;
  /** WeChat Pay's own key and the serial it names (a certificate serial or a PUB_KEY_ID_). */
  platform: { privateKey: KeyObject; serial: string };
  /** The fake's clock: the test app's, so signatures are as fresh as the portal expects. */
  now: () => Date;
  /** How the fake reaches notify_url (the test app in-process). */
  send: (url: string, init: RequestInit) => Promise<Response>;
};

type Refund = { trade: string; refundId: string; amount: number; status: "PROCESSING" | "SUCCESS" | "CLOSED" | "ABNORMAL"; reason: string; createTime: string; successTime: string | null };
const REFUND_STATUSES = new Set(["PROCESSING", "SUCCESS", "CLOSED", "ABNORMAL"]);

const china = (d: Date) => `${new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/;

export function startWechatPayFake(opts: FakeOptions) {
  const orders = new Map<string, Order>();
  const refunds = new Map<string, Refund>();
  /** How a new refund starts: PROCESSING (settled by the test) or SUCCESS at once. */
  let refundsStart: Refund["status"] = "PROCESSING";
  const faults: Fault[] = [];
  /** Every call as it arrived: method, path, the checked body, and what was answered. */
  const calls: { method: string; path: string; body: Record<string, unknown> | null; status: number }[] = [];
  const otherKey = rsaKeys().privateKey;

  function signed(status: number, body: object | null, fault?: Fault): Response {
    const text = body ? JSON.stringify(body) : "";
    const at = Math.floor(opts.now().getTime() / 1000) - (fault === "stale" ? 600 : 0);
    const nonce = randomBytes(16).toString("hex");
    const key = fault === "bad-signature" ? otherKey : opts.platform.privateKey;
    const signature = createSign("RSA-SHA256").update(`${at}\n${nonce}\n${text}\n`).sign(key, "base64");
    return new Response(text || null, {
      status,
      headers: {
        ...(text ? { "content-type": "application/json; charset=utf-8" } : {}),
        "request-id": randomBytes(8).toString("hex"),
        "wechatpay-nonce": nonce,
        "wechatpay-signature": signature,
        "wechatpay-timestamp": String(at),
        "wechatpay-serial": fault === "foreign-serial" ? "5157F09EFDC096DE15EBE81A47057A7232F1B8E1" : opts.platform.serial,
        "wechatpay-signature-type": "WECHATPAY2-SHA256-RSA2048",
      },
    });
  }

  const refuse = (status: number, code: string, message: string) => signed(status, { code, message });

  /** The merchant's Authorization, checked as WeChat Pay checks it; null when it holds. */
  function signatureError(request: Request, path: string, body: string): string | null {
    const header = request.headers.get("authorization") ?? "";
    if (!header.startsWith("WECHATPAY2-SHA256-RSA2048 ")) return "no WECHATPAY2-SHA256-RSA2048 Authorization";
    const fields = Object.fromEntries([...header.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (fields.mchid !== opts.mchid || fields.serial_no !== opts.merchantSerial) return "mchid or serial_no is not the merchant's";
    if (Math.abs(opts.now().getTime() / 1000 - Number(fields.timestamp)) > 300) return "timestamp out of range";
    const message = `${request.method}\n${path}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    return createVerify("RSA-SHA256").update(message).verify(opts.merchantPublicKey, fields.signature ?? "", "base64") ? null : "signature does not verify";
  }

  function transaction(trade: string, order: Order) {
    const paid = order.state === "SUCCESS";
    return {
      appid: order.appid,
      mchid: order.mchid,
      out_trade_no: trade,
      ...(paid ? { transaction_id: order.transactionId, bank_type: "OTHERS", success_time: order.successTime, payer: { openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" } } : {}),
      trade_type: "NATIVE",
      trade_state: order.state,
      trade_state_desc: paid ? "支付成功" : order.state === "CLOSED" ? "订单已关闭" : "订单未支付",
      attach: "",
      amount: paid ? { total: order.amount, payer_total: order.amount, currency: "CNY", payer_currency: "CNY" } : { payer_currency: "CNY" },
    };
  }

  function refundObject(no: string, r: Refund) {
    const order = orders.get(r.trade)!;
    return {
      refund_id: r.refundId,
      out_refund_no: no,
      transaction_id: order.transactionId,
      out_trade_no: r.trade,
      channel: "ORIGINAL",
      user_received_account: "支付用户零钱",
      ...(r.successTime ? { success_time: r.successTime } : {}),
      create_time: r.createTime,
      status: r.status,
      funds_account: "AVAILABLE",
      amount: { total: order.amount, refund: r.amount, payer_total: order.amount, payer_refund: r.amount, settlement_refund: r.amount, settlement_total: order.amount, discount_refund: 0, currency: "CNY" },
    };
  }

  async function api(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname + url.search;
    const text = await request.text();
    const fault = faults.shift();
    let sent: Record<string, any> | null = null;
    try {
      sent = text ? (JSON.parse(text) as Record<string, any>) : null;
    } catch {
      return refuse(400, "PARAM_ERROR", "body is not JSON");
    }
    const record = (status: number, body: Record<string, unknown> | null) => calls.push({ method: request.method, path, body: body ?? sent, status });
    if (fault === "timeout") {
      // Holds the call until the portal gives up and hangs up.
      await new Promise((resolve) => {
        request.signal.addEventListener("abort", resolve);
        setTimeout(resolve, 10_000);
      });
      record(0, null);
      return new Response(null, { status: 504 });
    }
    if (fault === "500") {
      record(500, null);
      return refuse(500, "SYSTEM_ERROR", "系统错误");
    }
    const problem = signatureError(request, path, text);
    if (problem) {
      record(401, null);
      return refuse(401, "SIGN_ERROR", `签名错误: ${problem}`);
    }
    const body = sent;
    const answer = (status: number, out: object | null) => {
      record(status, body);
      return signed(status, out, fault);
    };
    if (request.method === "POST" && url.pathname === "/v3/pay/transactions/native") {
      const b = body!;
      if (b.mchid !== opts.mchid || b.appid !== opts.appid) return (record(400, b), refuse(400, "PARAM_ERROR", "appid和mch_id不匹配"));
      const valid =
        typeof b.out_trade_no === "string" &&
        /^[0-9A-Za-z_\-|*]{6,32}$/.test(b.out_trade_no) &&
        typeof b.description === "string" &&
        Buffer.byteLength(b.description) <= 127 &&
        typeof b.time_expire === "string" &&
        TIME.test(b.time_expire) &&
        typeof b.notify_url === "string" &&
        /^https:\/\/[^?]+$/.test(b.notify_url) &&
        Number.isInteger(b.amount?.total) &&
        b.amount.total > 0 &&
        b.amount.currency === "CNY";
      if (!valid) return (record(400, b), refuse(400, "PARAM_ERROR", "参数错误"));
      const known = orders.get(b.out_trade_no);
      if (known && (known.state !== "NOTPAY" || known.amount !== b.amount.total)) return (record(400, b), refuse(400, "OUT_TRADE_NO_USED", "商户订单号重复"));
      const order = known ?? {
        appid: b.appid,
        mchid: b.mchid,
        description: b.description,
        amount: b.amount.total,
        notifyUrl: b.notify_url,
        timeExpire: b.time_expire,
        codeUrl: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString("base64url")}`,
        state: "NOTPAY" as const,
        transactionId: null,
        successTime: null,
      };
      orders.set(b.out_trade_no, order);
      return answer(200, { code_url: order.codeUrl });
    }
    if (request.method === "POST" && url.pathname === "/v3/refund/domestic/refunds") {
      const b = body!;
      const no = b.out_refund_no;
      const valid =
        typeof no === "string" &&
        /^[0-9A-Za-z_\-|*@]{1,64}$/.test(no) &&
        typeof b.out_trade_no === "string" &&
        (b.reason === undefined || (typeof b.reason === "string" && [...b.reason].length <= 80)) &&
        (b.notify_url === undefined || (typeof b.notify_url === "string" && /^https:\/\/[^?]+$/.test(b.notify_url))) &&
        Number.isInteger(b.amount?.refund) &&
        b.amount.refund > 0 &&
        Number.isInteger(b.amount?.total) &&
        b.amount.currency === "CNY";
      if (!valid) return (record(400, b), refuse(400, "PARAM_ERROR", "参数错误"));
      const known = refunds.get(no);
      if (known) return answer(200, refundObject(no, known));
      if (fault === "not-enough") return (record(403, b), refuse(403, "NOT_ENOUGH", "基本账户余额不足，请充值后重新发起"));
      const order = orders.get(b.out_trade_no);
      if (!order) return (record(404, b), refuse(404, "RESOURCE_NOT_EXISTS", "订单不存在"));
      if (order.state !== "SUCCESS") return (record(400, b), refuse(400, "INVALID_REQUEST", "订单状态不正确"));
      if (b.amount.total !== order.amount) return (record(400, b), refuse(400, "INVALID_REQUEST", "订单金额不一致"));
      const refunded = [...refunds.values()].filter((r) => r.trade === b.out_trade_no && r.status !== "CLOSED").reduce((sum, r) => sum + r.amount, 0);
      if (refunded + b.amount.refund > order.amount) return (record(400, b), refuse(400, "INVALID_REQUEST", "申请退款金额超过订单可退金额"));
      const refund: Refund = {
        trade: b.out_trade_no,
        refundId: `5030${Date.now()}${randomBytes(4).readUInt32BE(0)}`.slice(0, 29),
        amount: b.amount.refund,
        status: refundsStart,
        reason: b.reason ?? "",
        createTime: china(opts.now()),
        successTime: refundsStart === "SUCCESS" ? china(opts.now()) : null,
      };
      refunds.set(no, refund);
      return answer(200, refundObject(no, refund));
    }
    const refundFound = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (refundFound && request.method === "GET") {
      const no = decodeURIComponent(refundFound[1]!);
      const refund = refunds.get(no);
      if (!refund) return (record(404, body), refuse(404, "RESOURCE_NOT_EXISTS", "退款单不存在"));
      return answer(200, refundObject(no, refund));
    }
    const found = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (found) {
      const trade = decodeURIComponent(found[1]!);
      const order = orders.get(trade);
      const mchid = found[2] ? body?.mchid : url.searchParams.get("mchid");
      if (mchid !== opts.mchid) return (record(400, body), refuse(400, "PARAM_ERROR", "mchid不匹配"));
      if (!order) return (record(404, body), refuse(404, "ORDER_NOT_EXIST", "订单不存在"));
      if (!found[2] && request.method === "GET") return answer(200, transaction(trade, order));
      if (found[2] && request.method === "POST") {
        if (order.state === "SUCCESS") return (record(400, body), refuse(400, "ORDERPAID", "订单已支付"));
        order.state = "CLOSED";
        return answer(204, null);
      }
    }
    record(404, body);
    return refuse(404, "NOT_FOUND", "not found");
  }

  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: api });

  /** The notification WeChat Pay sends for a paid order, as the portal receives it. */
  function notification(trade: string, tamper?: "signature" | "foreign-serial" | "stale" | "ciphertext" | "api-key" | "event") {
    const order = orders.get(trade);
    if (!order) throw new Error(`the fake has no order ${trade}`);
    const nonce = randomBytes(6).toString("hex"); // 12 characters, as WeChat Pay's
    const key = tamper === "api-key" ? createHash("sha256").update("another key").digest() : Buffer.from(opts.apiV3Key, "utf8");
    const cipher = createCipheriv("aes-256-gcm", key, Buffer.from(nonce, "utf8"));
    cipher.setAAD(Buffer.from("transaction", "utf8"));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(transaction(trade, order)), "utf8"), cipher.final(), cipher.getAuthTag()]);
    if (tamper === "ciphertext") sealed[3]! ^= 1;
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: china(opts.now()),
      resource_type: "encrypt-resource",
      event_type: tamper === "event" ? "MCHTRANSFER.BILL.FINISHED" : "TRANSACTION.SUCCESS",
      summary: "支付成功",
      resource: { original_type: "transaction", algorithm: "AEAD_AES_256_GCM", ciphertext: sealed.toString("base64"), associated_data: "transaction", nonce },
    });
    const fault: Fault | undefined = tamper === "signature" ? "bad-signature" : tamper === "foreign-serial" ? "foreign-serial" : tamper === "stale" ? "stale" : undefined;
    const headers = signed(200, null, fault).headers;
    // The signature covers the body: sign it again over this one.
    const at = headers.get("wechatpay-timestamp")!;
    const signNonce = headers.get("wechatpay-nonce")!;
    const signature = createSign("RSA-SHA256")
      .update(`${at}\n${signNonce}\n${body}\n`)
      .sign(fault === "bad-signature" ? otherKey : opts.platform.privateKey, "base64");
    const out = new Headers({ "content-type": "application/json", "user-agent": "Mozilla/4.0", "wechatpay-signature-type": "WECHATPAY2-SHA256-RSA2048" });
    for (const h of ["wechatpay-nonce", "wechatpay-timestamp", "wechatpay-serial"]) out.set(h, headers.get(h)!);
    out.set("wechatpay-signature", signature);
    return { url: order.notifyUrl, body, headers: out };
  }

  /** The REFUND.* notification WeChat Pay sends once a refund came to an end, as the portal receives it. */
  function refundNotification(no: string, notifyUrl: string, forged?: { amount: number }) {
    const refund = refunds.get(no);
    if (!refund) throw new Error(`the fake has no refund ${no}`);
    const order = orders.get(refund.trade)!;
    const nonce = randomBytes(6).toString("hex");
    const cipher = createCipheriv("aes-256-gcm", Buffer.from(opts.apiV3Key, "utf8"), Buffer.from(nonce, "utf8"));
    cipher.setAAD(Buffer.from("refund", "utf8"));
    const resource = {
      mchid: opts.mchid,
      out_trade_no: refund.trade,
      transaction_id: order.transactionId,
      out_refund_no: no,
      refund_id: refund.refundId,
      refund_status: refund.status,
      ...(refund.successTime ? { success_time: refund.successTime } : {}),
      user_received_account: "支付用户零钱",
      amount: { total: order.amount, refund: forged?.amount ?? refund.amount, payer_total: order.amount, payer_refund: forged?.amount ?? refund.amount },
    };
    const sealed = Buffer.concat([cipher.update(JSON.stringify(resource), "utf8"), cipher.final(), cipher.getAuthTag()]);
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: china(opts.now()),
      resource_type: "encrypt-resource",
      event_type: `REFUND.${refund.status}`,
      summary: refund.status === "SUCCESS" ? "退款成功" : refund.status === "CLOSED" ? "退款关闭" : "退款异常",
      resource: { original_type: "refund", algorithm: "AEAD_AES_256_GCM", ciphertext: sealed.toString("base64"), associated_data: "refund", nonce },
    });
    const at = String(Math.floor(opts.now().getTime() / 1000));
    const signNonce = randomBytes(16).toString("hex");
    const signature = createSign("RSA-SHA256").update(`${at}\n${signNonce}\n${body}\n`).sign(opts.platform.privateKey, "base64");
    const headers = new Headers({
      "content-type": "application/json",
      "wechatpay-signature-type": "WECHATPAY2-SHA256-RSA2048",
      "wechatpay-nonce": signNonce,
      "wechatpay-timestamp": at,
      "wechatpay-serial": opts.platform.serial,
      "wechatpay-signature": signature,
    });
    return { url: notifyUrl, body, headers };
  }

  return {
    baseUrl: `http://127.0.0.1:${server.port}`,
    refunds,
    /** New refunds start PROCESSING (the default) or SUCCESS at once. */
    refundsStartAs: (status: Refund["status"]) => void (refundsStart = status),
    /** The refund comes to an end at WeChat Pay (its notification is not sent). */
    settleRefund(no: string, status: "SUCCESS" | "CLOSED" | "ABNORMAL") {
      const refund = refunds.get(no);
      if (!refund || refund.status !== "PROCESSING" || !REFUND_STATUSES.has(status)) throw new Error(`the fake cannot settle refund ${no}`);
      refund.status = status;
      if (status === "SUCCESS") {
        refund.successTime = china(opts.now());
        orders.get(refund.trade)!.state = "REFUND";
      }
    },
    /** Sends the refund's REFUND.* notification to the order's notify_url (again, as WeChat Pay does until it is taken). */
    async notifyRefund(no: string, forged?: { amount: number }) {
      const refund = refunds.get(no);
      const { url, body, headers } = refundNotification(no, orders.get(refund?.trade ?? "")?.notifyUrl ?? "", forged);
      return opts.send(url, { method: "POST", headers, body });
    },
    orders,
    calls,
    /** Faults for the next API calls, one each, in order. */
    fail: (...next: Fault[]) => void faults.push(...next),
    /** The payer pays in WeChat (refused after time_expire, as the real one does); the notification is not sent. */
    pay(trade: string) {
      const order = orders.get(trade);
      if (!order || order.state !== "NOTPAY") throw new Error(`the fake cannot pay ${trade}: ${order?.state ?? "no such order"}`);
      if (opts.now().getTime() >= Date.parse(order.timeExpire)) throw new Error(`the fake cannot pay ${trade}: past its time_expire`);
      order.state = "SUCCESS";
      order.transactionId = `4200${Date.now()}${randomBytes(4).readUInt32BE(0)}`.slice(0, 28);
      order.successTime = china(opts.now());
    },
    /** Sends the order's notification to the portal (again, as WeChat Pay does until it is taken). */
    async notify(trade: string, tamper?: Parameters<typeof notification>[1]) {
      const { url, body, headers } = notification(trade, tamper);
      return opts.send(url, { method: "POST", headers, body });
    },
    stop: () => server.stop(true),
  };
}

export type WechatPayFake = ReturnType<typeof startWechatPayFake>;

/**
 * A merchant for a test file: its ids, its key, WeChat Pay's platform key and
 * certificate; the fake that knows them (on the clock and address of the app
 * `app()` names at each call), and the portal's settings that use them.
 */
export function testMerchant() {
  const merchant = rsaKeys();
  const platform = rsaKeys();
  const certificate = selfSignedCertificate(platform, "Tenpay.com Root CA (test)", new Date("2025-01-01T00:00:00Z"));
  const ids = {
    mchid: "1900007291",
    appid: "wxd678efh567hg6787",
    apiV3Key: "Kq3v9ZxR2mW8tL5nB7cY4dF6hJ1pS0aE",
    merchantSerial: "3775B6A45ACD588826D15E583A95F5DD2C5B5E4A",
    notifyUrl: "https://union.example.com/api/pay/notify/wechat",
  };
  type App = { clock: { now(): Date }; fetch(url: string, init?: RequestInit): Promise<Response> };
  return {
    ...ids,
    merchant,
    platform,
    certificate,
    fake: (app: () => App, serial = certificate.serial) =>
      startWechatPayFake({
        mchid: ids.mchid,
        appid: ids.appid,
        apiV3Key: ids.apiV3Key,
        merchantSerial: ids.merchantSerial,
        merchantPublicKey: merchant.publicKey,
        platform: { privateKey: platform.privateKey, serial },
        now: () => app().clock.now(),
        send: (url, init) => app().fetch(url, init),
      }),
    /** Checking WeChat Pay's signatures with `verifyWith`: the platform certificate unless told otherwise. */
    env: (baseUrl: string, verifyWith: Record<string, string> = { WECHATPAY_PLATFORM_CERT: certificate.pem }) => ({
      PAYMENT_PROVIDER: "wechat",
      WECHATPAY_MCHID: ids.mchid,
      WECHATPAY_APPID: ids.appid,
      WECHATPAY_MERCHANT_SERIAL: ids.merchantSerial,
      WECHATPAY_PRIVATE_KEY: merchant.privateKey.export({ type: "pkcs8", format: "pem" }) as string,
      WECHATPAY_API_V3_KEY: ids.apiV3Key,
      WECHATPAY_NOTIFY_URL: ids.notifyUrl,
      WECHATPAY_BASE_URL: baseUrl,
      PAYMENT_TIMEOUT_MS: "400",
      ...verifyWith,
    }),
  };
}
