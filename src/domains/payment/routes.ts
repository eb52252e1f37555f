// A payment provider's notification, outside the envelope: verified before
// any transaction (a real provider's check may need its certificates),
// applied in one. One path per provider the portal can be configured with.
import { domain, notify } from "../../http/kit";
import type { PaidNotice } from "../../providers/payment";
import { settlePayment } from "./settle";

/** Notifications are small; anything bigger is not one. */
const MAX_NOTICE_BYTES = 16_384;

export const PAYMENT_PROVIDER_NAMES = ["sandbox", "wechat"] as const;

export const paymentDomain = domain(
  "payment",
  PAYMENT_PROVIDER_NAMES.map((name) =>
    notify<`/pay/notify/${typeof name}`, PaidNotice>(
      `/pay/notify/${name}`,
      {
        maxBytes: MAX_NOTICE_BYTES,
        // Only the configured provider's path answers; the others refuse whatever arrives.
        read: async ({ ctx, raw }) => (ctx.app.providers.payment.name === name ? ctx.app.providers.payment.verify(raw, ctx.now) : null),
        answer: (ctx, outcome) => ctx.app.providers.payment.acknowledge(outcome),
        audit: "payment.notify",
      },
      settlePayment,
    ),
  ),
);
