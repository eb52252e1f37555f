export {};
// Prints a PDF's text, page by page, as JSON: the PDF's bytes come on stdin.
// Run as a process of its own by ./pdf.ts `pdfText`: pdf.js's legacy build,
// loaded into a test process, left every API call of the apps the next test
// files started waiting forever (seen after tests/api/documents.test.ts).
const bytes = new Uint8Array(await Bun.stdin.arrayBuffer());
const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
const loading = pdfjs.getDocument({ data: bytes, useSystemFonts: false });
const doc = await loading.promise;
const pages: string[] = [];
for (let n = 1; n <= doc.numPages; n++) {
  const content = await (await doc.getPage(n)).getTextContent();
  pages.push(content.items.map((item: object) => ("str" in item ? item.str : "")).join(" "));
}
await loading.destroy();
process.stdout.write(JSON.stringify(pages));
