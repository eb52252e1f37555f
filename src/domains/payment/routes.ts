// A payment provider's notification, outside the envelope: verified before
// any transaction (a real provider's check may need its certificates),
// applied in one. One path per provider the portal can be configured with;
// it takes a payment's notice and a refund's alike, as WeChat Pay sends both
// to the one notify_url. And the staff's refunds of money owed back.
import { command, domain, notify, query } from "../../http/kit";
import type { ProviderNotice } from "../../providers/payment";
import { refundInput, refundList, refundListInput, requestRefund, sendRefund, settleRefundNotice } from "./refund";
import { settlePayment } from "./settle";

/** Who refunds: the officers of sign-up results (orders) and of dues; each sees and refunds only its own kind (./refund.ts). */
const REFUNDERS = ["FUNCTION_ACTIVITY_ORDER", "FUNCTION_MEMBER_EDIT"] as const;

/** Notifications are small; anything bigger is not one. */
const MAX_NOTICE_BYTES = 16_384;

export const PAYMENT_PROVIDER_NAMES = ["sandbox", "wechat"] as const;

export const paymentDomain = domain(
  "payment",
  [
  ...PAYMENT_PROVIDER_NAMES.map((name) =>
    notify<`/pay/notify/${typeof name}`, ProviderNotice>(
      `/pay/notify/${name}`,
      {
        maxBytes: MAX_NOTICE_BYTES,
        // Only the configured provider's path answers; the others refuse whatever arrives.
        read: async ({ ctx, raw }) => (ctx.app.providers.payment.name === name ? ctx.app.providers.payment.verify(raw, ctx.now) : null),
        answer: (ctx, outcome) => ctx.app.providers.payment.acknowledge(outcome),
        audit: "payment.notify",
      },
      ({ ctx, input }) => (input.kind === "refund" ? settleRefundNotice(ctx, input) : settlePayment({ ctx, input })),
    ),
  ),
  query("/payment/refund/list", { access: REFUNDERS, input: refundListInput }, refundList),
  command("/payment/refund", { access: REFUNDERS, input: refundInput, audit: "payment.refund", conflicts: { refunds_payment_idx: "ERROR_REFUND_IN_PROGRESS" }, then: sendRefund }, requestRefund),
  ],
);
