// The printable documents a member downloads (issue 20 item 1: the ticket and
// the dues receipt): one A5 page, the union's name in a band at the top, a
// heading, label-over-value lines, an optional QR drawn as vector squares,
// and a footer. Made with pdf-lib and Noto Sans SC, embedded as a subset (only
// the glyphs used, a few KB instead of 10 MB): decision 96.
//
// Nothing here is imported at start: the verbs import this module on their
// first PDF, which loads pdf-lib, fontkit and the font then and keeps the
// parsed font for every later one (parsing it is most of a first PDF's time).
import * as fontkit from "fontkit";
import { fill, PDFDocument, type PDFFont, type PDFPage, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingRgbColor } from "pdf-lib";
import QRCode from "qrcode";
// As a file, not bytes: a compiled binary embeds it, and nothing reads it before the first PDF.
import fontFile from "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf" with { type: "file" };

export type DocumentLine = { label: string; value: string; /** Numbers and codes: kept whole where possible. */ code?: boolean };
export type DocumentSpec = {
  /** The document's title and metadata language ("zh-CN" / "en"). */
  lang: string;
  union: string;
  /** What the document is, beside the union's name: "电子票" / "Ticket". */
  kind: string;
  heading: string;
  lines: DocumentLine[];
  qr?: { content: string; caption: string };
  footer: string;
  /** When it was made (ctx.now): it is made again on every download, never stored. */
  made: Date;
};

/** A5 portrait, in points: half an A4 sheet, prints well alone or two to a page. */
const PAGE: [number, number] = [419.53, 595.28];
const MARGIN = 36;
const BAND = 54;
const ACCENT = rgb(0x9b / 255, 0x1c / 255, 0x2c / 255);
const INK = rgb(0.13, 0.13, 0.15);
const MUTED = rgb(0.42, 0.42, 0.46);
const RULE = rgb(0.86, 0.86, 0.88);

type Fontkit = { create(bytes: Uint8Array): unknown };
type Loaded = { bytes: Uint8Array; fontkit: Fontkit };
let loading: Promise<Loaded> | null = null;

/**
 * fontkit 2 (the maintained one) in the shape pdf-lib 1.17 asks of its fork
 * @pdf-lib/fontkit, whose TrueType subsetter breaks composite glyphs (most
 * of Noto Sans SC's Chinese characters came out blank or cut): a subset's
 * bytes are made by `encode()`, and handed over as the one chunk of the
 * `encodeStream()` pdf-lib reads.
 */
function forPdfLib(font: fontkit.Font): unknown {
  return new Proxy(font, {
    get(target, property) {
      if (property === "createSubset") {
        return () => {
          const subset = target.createSubset() as fontkit.Subset & { encodeStream?: unknown };
          subset.encodeStream = () => {
            const stream = {
              on(event: string, listener: (bytes?: Uint8Array) => void) {
                if (event === "data") listener(subset.encode());
                if (event === "end") listener();
                return stream;
              },
            };
            return stream;
          };
          return subset;
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The font read and parsed once; pdf-lib asks fontkit to parse it for every document, so fontkit answers with the one parsed font. */
function load(): Promise<Loaded> {
  loading ??= (async () => {
    const bytes = await Bun.file(fontFile as unknown as string).bytes();
    // A view of the same bytes, not a copy: the font is 10 MB.
    const parsed = forPdfLib(fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as fontkit.Font);
    return { bytes, fontkit: { create: () => parsed } };
  })();
  // A failed read is tried again by the next PDF, not remembered.
  loading.catch(() => (loading = null));
  return loading;
}

// Line breaks and tabs a name or a place may carry become spaces: pdf-lib would break the line, or draw nothing, for them.
const printable = (text: string): string => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();

/**
 * Lines of at most `width` points: Latin words kept whole when they fit,
 * Chinese broken between any two characters, anything longer than a line
 * broken where it must.
 */
export function wrap(text: string, font: Pick<PDFFont, "widthOfTextAtSize">, size: number, width: number): string[] {
  const tokens = printable(text).match(/[A-Za-z0-9@._\-/:'’()&+,#]+|\s+|./gu) ?? [];
  const lines: string[] = [];
  let line = "";
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const token of tokens) {
    if (fits(line + token)) {
      line += token;
      continue;
    }
    if (/^\s+$/.test(token)) {
      lines.push(line.trimEnd());
      line = "";
      continue;
    }
    if (line.trim()) lines.push(line.trimEnd());
    line = "";
    // A token longer than a line (a long order number, a URL): broken by character.
    for (const ch of fits(token) ? [token] : [...token]) {
      if (!fits(line + ch) && line) {
        lines.push(line);
        line = "";
      }
      line += ch;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines.length ? lines : [""];
}

/** The document as PDF bytes. */
export async function renderDocument(spec: DocumentSpec): Promise<Uint8Array> {
  const { bytes, fontkit: kit } = await load();
  const doc = await PDFDocument.create();
  doc.registerFontkit(kit as Parameters<PDFDocument["registerFontkit"]>[0]);
  const font = await doc.embedFont(bytes, { subset: true });
  doc.setTitle(`${spec.kind} · ${printable(spec.heading)}`, { showInWindowTitleBar: true });
  doc.setAuthor(spec.union);
  doc.setCreator(spec.union);
  doc.setProducer("Union Portal");
  doc.setLanguage(spec.lang);
  doc.setCreationDate(spec.made);
  doc.setModificationDate(spec.made);

  const [width, height] = PAGE;
  const inner = width - 2 * MARGIN;
  let page = doc.addPage(PAGE);
  let y = height;

  const band = (p: PDFPage) => {
    p.drawRectangle({ x: 0, y: height - BAND, width, height: BAND, color: ACCENT });
    const kindWidth = font.widthOfTextAtSize(spec.kind, 11);
    const unionLines = wrap(spec.union, font, 14, inner - kindWidth - 16);
    p.drawText(unionLines[0]!, { x: MARGIN, y: height - BAND / 2 - 5, size: 14, font, color: rgb(1, 1, 1) });
    p.drawText(spec.kind, { x: width - MARGIN - kindWidth, y: height - BAND / 2 - 4, size: 11, font, color: rgb(1, 1, 1) });
  };
  band(page);
  y = height - BAND - 40;

  /** Room for `needed` points more on this page, or a new page (a long list of family members). */
  const room = (needed: number) => {
    if (y - needed >= MARGIN + 28) return;
    page = doc.addPage(PAGE);
    band(page);
    y = height - BAND - 40;
  };

  for (const line of wrap(spec.heading, font, 18, inner)) {
    room(24);
    page.drawText(line, { x: MARGIN, y, size: 18, font, color: INK });
    y -= 24;
  }
  y -= 4;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 0.8, color: RULE });
  y -= 20;

  for (const item of spec.lines) {
    const values = wrap(item.value, font, 12, inner);
    room(14 + values.length * 16 + 8);
    page.drawText(printable(item.label), { x: MARGIN, y, size: 9, font, color: MUTED });
    y -= 15;
    for (const value of values) {
      page.drawText(value, { x: MARGIN, y, size: 12, font, color: INK });
      y -= 16;
    }
    y -= 8;
  }

  if (spec.qr) {
    const qr = QRCode.create(spec.qr.content, { errorCorrectionLevel: "M" });
    const count = qr.modules.size;
    // Four modules of quiet zone each side, as a scanner needs, inside a box of about 5 cm.
    const side = 150;
    const cell = side / (count + 8);
    const captions = wrap(spec.qr.caption, font, 9, inner);
    room(side + 14 + captions.length * 12);
    const left = (width - side) / 2;
    const top = y;
    page.drawRectangle({ x: left, y: top - side, width: side, height: side, color: rgb(1, 1, 1), borderColor: RULE, borderWidth: 0.8 });
    const squares = [];
    for (let row = 0; row < count; row++) {
      for (let col = 0; col < count; col++) {
        if (qr.modules.get(row, col)) squares.push(rectangle(left + (col + 4) * cell, top - (row + 5) * cell, cell, cell));
      }
    }
    page.pushOperators(pushGraphicsState(), setFillingRgbColor(0, 0, 0), ...squares, fill(), popGraphicsState());
    y = top - side - 14;
    for (const caption of captions) {
      page.drawText(caption, { x: (width - font.widthOfTextAtSize(caption, 9)) / 2, y, size: 9, font, color: MUTED });
      y -= 12;
    }
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    p.drawLine({ start: { x: MARGIN, y: MARGIN + 14 }, end: { x: width - MARGIN, y: MARGIN + 14 }, thickness: 0.5, color: RULE });
    const footer = pages.length > 1 ? `${printable(spec.footer)}  ·  ${i + 1}/${pages.length}` : printable(spec.footer);
    p.drawText(wrap(footer, font, 8, inner)[0]!, { x: MARGIN, y: MARGIN, size: 8, font, color: MUTED });
  });
  return doc.save();
}
