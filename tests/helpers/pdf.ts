// Reading back the PDFs the portal makes (the ticket, the dues receipt): the
// text as a reader extracts it (pdf.js, through each font's ToUnicode map),
// the fonts embedded with their sizes, and the QR drawn on a page as the
// matrix of its modules.
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream } from "pdf-lib";

/** Each page's text, its pieces joined by spaces (read by pdf.js in a process of its own: ./pdf-text.ts says why). */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, "pdf-text.ts")], { stdin: bytes, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw new Error(`pdf-text.ts failed (${code}): ${err}`);
  return JSON.parse(out) as string[];
}

/** The fonts embedded as font files: their names and sizes. */
export async function embeddedFonts(bytes: Uint8Array): Promise<{ name: string; bytes: number }[]> {
  const doc = await PDFDocument.load(bytes);
  const fonts: { name: string; bytes: number }[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of("Type")) !== PDFName.of("FontDescriptor")) continue;
    const file = object.get(PDFName.of("FontFile2")) ?? object.get(PDFName.of("FontFile3")) ?? object.get(PDFName.of("FontFile"));
    const stream = file instanceof PDFRef ? doc.context.lookup(file) : file;
    if (!(stream instanceof PDFStream)) continue;
    fonts.push({ name: object.get(PDFName.of("FontName"))!.toString().slice(1), bytes: stream.getContentsSize() });
  }
  return fonts;
}

const streamBytes = (s: PDFRawStream): Uint8Array => (s.dict.get(PDFName.of("Filter")) === PDFName.of("FlateDecode") ? new Uint8Array(inflateSync(s.contents)) : s.contents);

/**
 * The outlines the embedded font draws for each character the document
 * shows: for every glyph of the font file inside the PDF, the character its
 * ToUnicode map names and the glyph's path as SVG (a character may have
 * several: the layout picks another glyph for a digit in a time, say). A subsetter that breaks
 * glyphs (an empty or foreign outline) shows here, where text extraction,
 * which reads only the ToUnicode map, cannot tell.
 */
export async function embeddedOutlines(bytes: Uint8Array): Promise<Map<string, string[]>> {
  const fontkit = await import("fontkit");
  const doc = await PDFDocument.load(bytes);
  const outlines = new Map<string, string[]>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of("Subtype")) !== PDFName.of("Type0")) continue;
    const toUnicode = doc.context.lookup(object.get(PDFName.of("ToUnicode")) as PDFRef) as PDFRawStream;
    const cid = doc.context.lookup((object.get(PDFName.of("DescendantFonts")) as PDFArray).get(0) as PDFRef) as PDFDict;
    const descriptor = doc.context.lookup(cid.get(PDFName.of("FontDescriptor")) as PDFRef) as PDFDict;
    const file = doc.context.lookup(descriptor.get(PDFName.of("FontFile2")) as PDFRef) as PDFRawStream;
    const font = fontkit.create(Buffer.from(streamBytes(file))) as import("fontkit").Font;
    const cmap = Buffer.from(streamBytes(toUnicode)).toString("latin1");
    for (const [, gid, unicode] of cmap.matchAll(/<([0-9a-fA-F]{4})> <([0-9a-fA-F]+)>/g)) {
      const char = String.fromCodePoint(...(unicode!.match(/.{4}/g) ?? []).map((u) => parseInt(u, 16)));
      outlines.set(char, [...(outlines.get(char) ?? []), font.getGlyph(parseInt(gid!, 16)).path.toSVG()]);
    }
  }
  return outlines;
}

const sources = new Map<string, Promise<import("fontkit").Font>>();

/** What the font the portal embeds draws for a character. */
export async function sourceOutline(fontFile: string, char: string): Promise<string> {
  if (!sources.has(fontFile)) sources.set(fontFile, import("fontkit").then(async (fontkit) => fontkit.create(Buffer.from(await Bun.file(fontFile).bytes())) as import("fontkit").Font));
  return (await sources.get(fontFile)!).glyphForCodePoint(char.codePointAt(0)!).path.toSVG();
}

/** A page's content streams, decompressed, as text. */
async function pageContent(bytes: Uint8Array, page: number): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(page).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  return streams
    .map((s) => {
      if (!(s instanceof PDFRawStream)) throw new Error("unexpected content stream");
      return Buffer.from(streamBytes(s)).toString("latin1");
    })
    .join("\n");
}

/**
 * The QR on a page, read back from the squares drawn for its dark modules
 * (one `re` each, all of one size): the module matrix as rows of 0 and 1,
 * the quiet zone left out.
 */
export async function drawnQr(bytes: Uint8Array, page = 0): Promise<string[]> {
  const squares = [...(await pageContent(bytes, page)).matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)].map((m) => m.slice(1, 5).map(Number) as [number, number, number, number]);
  // The modules are the smallest squares; the page's other rectangles (the band, the QR's frame) are larger.
  const cell = Math.min(...squares.filter(([, , w, h]) => w === h).map(([, , w]) => w));
  const modules = squares.filter(([, , w, h]) => Math.abs(w - cell) < 1e-6 && Math.abs(h - cell) < 1e-6);
  const left = Math.min(...modules.map(([x]) => x));
  const top = Math.max(...modules.map(([, y]) => y));
  const cols = modules.map(([x]) => Math.round((x - left) / cell));
  const rows = modules.map(([, y]) => Math.round((top - y) / cell));
  const size = Math.max(...cols, ...rows) + 1;
  const grid = Array.from({ length: size }, () => Array<string>(size).fill("0"));
  modules.forEach((_, i) => (grid[rows[i]!]![cols[i]!] = "1"));
  return grid.map((r) => r.join(""));
}

/** What a QR of `content` holds, as the same rows of 0 and 1. */
export async function qrMatrix(content: string): Promise<string[]> {
  const QRCode = (await import("qrcode")).default;
  const qr = QRCode.create(content, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  return Array.from({ length: size }, (_, r) => Array.from({ length: size }, (_, c) => (qr.modules.get(r, c) ? "1" : "0")).join(""));
}
