// Makes the installed portal's icons (assets/pwa/*.png, committed) from the
// union's emblem (ui/components/emblem.tsx: two linked rings on the accent
// colour of ui/tokens.css), drawn by Chromium so the PNGs are the same shapes
// the page draws. Run again only when the emblem changes:
//
//   bun scripts/make-icons.ts
//
// icon-192 and icon-512: the emblem as the page shows it (rounded square);
// icon-maskable-512: the rings inside the 80 % safe zone on a full-bleed
// square, for launchers that cut their own shape; apple-touch-icon (180):
// full-bleed too, iOS rounds the corners itself.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { launchBrowser } from "../tests/helpers/browser";

const OUT = join(import.meta.dir, "..", "assets", "pwa");
/** --accent of ui/tokens.css. */
const ACCENT = "#9b1c2c";

const rings = `<circle cx="16" cy="20" r="7.5" fill="none" stroke="#fff" stroke-width="3" />
  <circle cx="24" cy="20" r="7.5" fill="none" stroke="#fff" stroke-width="3" opacity="0.85" />`;

/** The emblem of emblem.tsx as it draws on a page. */
const emblem = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="${ACCENT}" />${rings}</svg>`;
/** Full bleed, the rings scaled into the middle 60 % (well inside the maskable safe circle of 80 %). */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${ACCENT}" /><g transform="translate(20 20) scale(0.8) translate(-20 -20)">${rings}</g></svg>`;

const ICONS = [
  { name: "icon-192.png", size: 192, svg: emblem, transparent: true },
  { name: "icon-512.png", size: 512, svg: emblem, transparent: true },
  { name: "icon-maskable-512.png", size: 512, svg: fullBleed, transparent: false },
  { name: "apple-touch-icon.png", size: 180, svg: fullBleed, transparent: false },
] as const;

await mkdir(OUT, { recursive: true });
const browser = await launchBrowser();
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    await page.screenshot({ path: join(OUT, icon.name), omitBackground: icon.transparent, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    await page.close();
    console.log(`assets/pwa/${icon.name}: ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
