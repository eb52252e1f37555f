// What a payment provider gives as the pay link, as the payment window shows it.

/** A relative payment address becomes absolute: a phone scanning it is not on this page. */
export const absoluteUrl = (url: string): string => new URL(url, window.location.origin).toString();

/**
 * A page a browser can open (the sandbox's), or an app's code such as WeChat
 * Pay's `weixin://wxpay/...`, which only that app's scanner can pay: no link then.
 */
export const opensInBrowser = (url: string): boolean => /^https?:\/\//i.test(url);
