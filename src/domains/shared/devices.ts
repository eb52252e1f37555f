// The browser and system a user agent names, as the owner's list of their
// sessions shows them ("Chrome 131 · Windows"). Only the names people know;
// an agent this does not recognise shows as unknown rather than guessed.

export type Device = { browser: string | null; version: string | null; system: string | null };

/** In the order they must be tried: an app or a browser built on Chromium names Chrome and Safari too. */
const BROWSERS: readonly [name: string, pattern: RegExp][] = [
  ["WeChat", /MicroMessenger\/(\d+)/],
  ["WeCom", /wxwork\/(\d+)/],
  ["DingTalk", /DingTalk\/(\d+)/],
  ["Edge", /Edg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /OPR\/(\d+)/],
  ["Samsung Internet", /SamsungBrowser\/(\d+)/],
  ["Firefox", /(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /(?:Chrome|CriOS)\/(\d+)/],
  ["Safari", /Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: readonly [name: string, pattern: RegExp][] = [
  ["HarmonyOS", /HarmonyOS|OpenHarmony/],
  ["Android", /Android/],
  ["iOS", /iPhone|iPad|iPod/],
  ["Windows", /Windows NT/],
  ["macOS", /Macintosh|Mac OS X/],
  ["ChromeOS", /CrOS/],
  ["Linux", /Linux/],
];

export function deviceOf(userAgent: string | null): Device {
  const ua = userAgent ?? "";
  const browser = BROWSERS.find(([, pattern]) => pattern.test(ua));
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua));
  return {
    browser: browser?.[0] ?? null,
    version: browser ? (browser[1].exec(ua)?.[1] ?? null) : null,
    system: system?.[0] ?? null,
  };
}
