// The camera that reads ticket QR codes at the door: a chunk of its own,
// loaded only when a staff member opens the camera, so no other page carries
// the decoder. It asks for the rear camera (facingMode environment), draws
// the stream in a <video>, and reads it a few times a second with the
// browser's own BarcodeDetector where there is one that reads QR codes
// (Chrome on Android, Safari), else with the `barcode-detector` ponyfill over
// ZXing-C++'s WebAssembly reader. The reader's .wasm is served by the portal
// itself (the build copies it into dist/ui with a hash in its name, and the
// compiled binary embeds dist/ui): never a CDN (docs/decisions.md).
import { useEffect, useRef, useState } from "react";
import zxingReaderWasm from "zxing-wasm/reader/zxing_reader.wasm" with { type: "file" };
import { useT } from "../../i18n";

/** What reads a frame: the native BarcodeDetector's shape, which the ponyfill shares. */
type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> };

/** Frames read per second: enough for a ticket held up at the door, light on a phone's battery. */
const READS_PER_SECOND = 5;

let detector: Promise<Detector> | null = null;

/** The detector, made once per page load: the native one when it reads QR codes, else ZXing's from our own server. */
function qrDetector(): Promise<Detector> {
  detector ??= (async () => {
    const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
    if (native && (await native.getSupportedFormats().catch((): string[] => [])).includes("qr_code")) return new native({ formats: ["qr_code"] });
    const { BarcodeDetector, prepareZXingModule } = await import("barcode-detector/ponyfill");
    // The build names the file "./zxing_reader.<hash>.wasm"; the pages live at any depth, the file at the root.
    const wasm = new URL(zxingReaderWasm.replace(/^\.?\//, "/"), window.location.origin).href;
    await prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasm : prefix + path) },
      fireImmediately: true,
    });
    return new BarcodeDetector({ formats: ["qr_code"] });
  })();
  detector.catch(() => (detector = null));
  return detector;
}

export type ScannerProblem = "denied" | "missing" | "insecure" | "failed" | "decoder";

function problemOf(error: unknown): ScannerProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "missing";
  return "failed";
}

/**
 * The live camera: reads until it finds a code, hands it over once, and reads
 * again only when `paused` turns false (the page shows the result meanwhile).
 */
export default function TicketScanner({ paused, onCode, onProblem }: { paused: boolean; onCode: (code: string) => void; onProblem: (problem: ScannerProblem) => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const handlers = useRef({ onCode, onProblem });
  handlers.current = { onCode, onProblem };

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) return handlers.current.onProblem(window.isSecureContext ? "missing" : "insecure");
      let reader: Detector;
      try {
        // The camera and the decoder at once: the permission prompt hides the decoder's loading.
        const [media, found] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false }),
          qrDetector().catch((error: unknown) => {
            throw Object.assign(new Error(String(error)), { name: "DecoderError" });
          }),
        ]);
        stream = media;
        reader = found;
      } catch (error) {
        if (!stopped) handlers.current.onProblem(error instanceof Error && error.name === "DecoderError" ? "decoder" : problemOf(error));
        return;
      }
      if (stopped) return stream.getTracks().forEach((track) => track.stop());
      const element = video.current!;
      element.srcObject = stream;
      try {
        await element.play();
      } catch (error) {
        if (!stopped) handlers.current.onProblem(problemOf(error));
        return;
      }
      setReady(true);
      const read = async () => {
        if (stopped) return;
        if (!pausedRef.current && element.readyState >= element.HAVE_CURRENT_DATA) {
          try {
            const codes = await reader.detect(element);
            const code = codes.find((c) => c.rawValue)?.rawValue;
            if (code && !stopped && !pausedRef.current) handlers.current.onCode(code);
          } catch {
            // A frame the decoder could not take (the stream starting or ending): the next one is read.
          }
        }
        timer = setTimeout(() => void read(), 1000 / READS_PER_SECOND);
      };
      void read();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className={`checkin-viewfinder${paused ? " checkin-viewfinder-paused" : ""}`}>
      <video ref={video} muted playsInline aria-label={t("checkin.camera.video")} data-testid="checkin-video" />
      <span className="checkin-frame" aria-hidden="true" />
      <p className="checkin-aim" role="status">
        {ready ? t("checkin.camera.aim") : t("checkin.camera.starting")}
      </p>
    </div>
  );
}
