// A fake camera for Chromium: a Y4M file (a short text header, then raw I420
// frames) showing a QR code, for `--use-file-for-fake-video-capture`. The
// browser plays it in a loop as the only camera there is, so a page's
// getUserMedia sees a phone held up with that ticket.
//
//   const file = await qrVideo(dir, "T1.A123-1.mac");
//   const browser = await launchBrowser({ args: fakeCameraArgs(file) });
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import QRCode from "qrcode";

/** A small frame: the QR drawn 8 pixels a module is about 330 px of it, as a phone held a hand's width away sees a ticket. */
const WIDTH = 640;
const HEIGHT = 480;
const SCALE = 8;
/** Video levels of black and white (BT.601 studio range), and neutral chroma. */
const BLACK = 16;
const WHITE = 235;
const NEUTRAL = 128;

/** The bytes of a one-frame Y4M video of `text` as a QR code, centred on white (Chromium loops the one frame). */
export function qrY4m(text: string): Uint8Array {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  const quiet = 4;
  const side = (size + quiet * 2) * SCALE;
  if (side > HEIGHT) throw new Error(`qrY4m: a QR of ${size} modules does not fit the frame`);
  const left = Math.floor((WIDTH - side) / 2) + quiet * SCALE;
  const top = Math.floor((HEIGHT - side) / 2) + quiet * SCALE;
  const header = new TextEncoder().encode(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  const luma = WIDTH * HEIGHT;
  const chroma = (WIDTH / 2) * (HEIGHT / 2);
  const out = new Uint8Array(header.length + luma + chroma * 2);
  out.set(header, 0);
  const y = out.subarray(header.length, header.length + luma);
  y.fill(WHITE);
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let dy = 0; dy < SCALE; dy++) y.fill(BLACK, (top + row * SCALE + dy) * WIDTH + left + col * SCALE, (top + row * SCALE + dy) * WIDTH + left + (col + 1) * SCALE);
    }
  out.fill(NEUTRAL, header.length + luma);
  return out;
}

/** Writes the video of `text` into `dir` and returns its path. */
export async function qrVideo(dir: string, text: string, name = "ticket"): Promise<string> {
  const file = join(dir, `${name}.y4m`);
  await writeFile(file, qrY4m(text));
  return file;
}

/** Chromium's flags for a camera that plays `file`, allowed without asking. */
export const fakeCameraArgs = (file: string) => ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${file}`];
