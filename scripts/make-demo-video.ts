// Makes assets/demo/activity-video.webm, the demo seed's activity video:
// six seconds of the portal's colours and a bilingual title, drawn on a
// canvas and recorded by Chromium's MediaRecorder (VP8). Run once by hand
// (`bun scripts/make-demo-video.ts`); the seed only reads the file.
import { writeFile } from "node:fs/promises";
import { launchBrowser } from "../tests/helpers/browser";

const browser = await launchBrowser();
const page = await browser.newPage();
await page.setContent("<canvas width=640 height=360></canvas>");
const base64 = await page.evaluate(async () => {
  const canvas = document.querySelector("canvas")!;
  const g = canvas.getContext("2d")!;
  const started = performance.now();
  const draw = () => {
    const t = (performance.now() - started) / 1000;
    const gradient = g.createLinearGradient(0, 0, 640, 360);
    gradient.addColorStop(0, "#9b1c2c");
    gradient.addColorStop(1, "#f28c28");
    g.fillStyle = gradient;
    g.fillRect(0, 0, 640, 360);
    for (let i = 0; i < 6; i++) {
      g.beginPath();
      g.fillStyle = "rgba(255,255,255,0.14)";
      g.arc(80 + i * 100 + Math.sin(t + i) * 30, 180 + Math.cos(t * 1.3 + i) * 90, 30 + i * 6, 0, Math.PI * 2);
      g.fill();
    }
    g.fillStyle = "#fff";
    g.textAlign = "center";
    g.font = "600 44px sans-serif";
    g.fillText("工会活动", 320, 170);
    g.font = "500 28px sans-serif";
    g.fillText("Union activities", 320, 215);
    g.globalAlpha = Math.min(1, t / 2);
    g.font = "400 18px sans-serif";
    g.fillText("Union Portal demo", 320, 320);
    g.globalAlpha = 1;
    requestAnimationFrame(draw);
  };
  draw();
  const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: "video/webm;codecs=vp8", videoBitsPerSecond: 250_000 });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start();
  await new Promise((resolve) => setTimeout(resolve, 6000));
  recorder.stop();
  await done;
  const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
});
await browser.close();
await writeFile(new URL("../assets/demo/activity-video.webm", import.meta.url), Buffer.from(base64, "base64"));
console.log(`assets/demo/activity-video.webm: ${Buffer.from(base64, "base64").length} bytes`);
