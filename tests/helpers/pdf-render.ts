// A PDF's pages drawn by pdf.js in Chromium and saved as one screenshot, to
// look at what a member prints (Chromium's own viewer does not draw in a
// headless browser). pdf.js is served from node_modules on a page of its own
// origin; nothing reaches the network.
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { shot } from "./browser";

const PDFJS = join(import.meta.dir, "..", "..", "node_modules", "pdfjs-dist", "build");
const ORIGIN = "http://pdf-render.test";

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><style>
body { margin: 0; padding: 16px; background: #525659; display: flex; flex-direction: column; align-items: center; gap: 16px; }
canvas { background: white; box-shadow: 0 2px 8px rgba(0,0,0,.4); }
</style></head><body><script type="module">
import * as pdfjs from "${ORIGIN}/pdf.mjs";
pdfjs.GlobalWorkerOptions.workerSrc = "${ORIGIN}/pdf.worker.mjs";
window.renderPdf = async (base64) => {
  const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const doc = await pdfjs.getDocument({ data }).promise;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: 1.5 });
    const canvas = document.createElement("canvas");
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    document.body.append(canvas);
    await page.render({ canvas, canvasContext: canvas.getContext("2d"), viewport }).promise;
  }
  return doc.numPages;
};
window.ready = true;
</script></body></html>`;

/** Draws every page of `pdf` and saves them as test-results/screenshots/<name>.png; answers the page count. */
export async function renderPdf(browser: Browser, pdf: Uint8Array, name: string): Promise<{ pages: number; path: string }> {
  const context = await browser.newContext({ viewport: { width: 700, height: 900 } });
  try {
    const page = await context.newPage();
    await page.route(`${ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === "/") return route.fulfill({ contentType: "text/html", body: PAGE });
      if (path === "/pdf.mjs" || path === "/pdf.worker.mjs") return route.fulfill({ contentType: "text/javascript", body: await Bun.file(join(PDFJS, path)).text() });
      return route.fulfill({ status: 404, body: "" });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    const pages = await page.evaluate((b64) => (window as unknown as { renderPdf: (s: string) => Promise<number> }).renderPdf(b64), Buffer.from(pdf).toString("base64"));
    return { pages, path: await shot(page, name) };
  } finally {
    await context.close();
  }
}
