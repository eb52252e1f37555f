// The printable ticket's cost (issue 20 item 1, decision 96): the time and
// resident memory of the first PDF (pdf-lib, fontkit and the 10 MB font
// loaded and parsed) and of the ones after, on an app made in this process
// from the seeded test database, as the API tests make it.
//
//   bun scripts/bench/documents.ts [COUNT]   (COUNT later PDFs, 20 by default)
import { startTestApp } from "../../tests/helpers/app";

const count = Number(process.argv[2] ?? 20);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const settle = () => {
  Bun.gc(true);
  return process.memoryUsage().rss;
};
const heap = () => {
  Bun.gc(true);
  return process.memoryUsage().heapUsed;
};

const t = await startTestApp();
try {
  const member = await t.as("cn100001");
  const orders = (await member.call<{ list: { trade: string; nameEn: string }[] }>("/order/list", { index: 1 })).list;
  const trade = orders!.find((o) => o.nameEn === "Friday film night")!.trade;
  const pdf = async () => {
    const got = await member.download("/order/ticket/pdf", { trade });
    if ("answer" in got) throw new Error(`refused: ${JSON.stringify(got.answer.message)}`);
    return got.file.size;
  };
  // The same signed download path without the PDF, so the figures below are the PDF's own.
  await member.download("/order/qr", { trade });
  const before = settle();
  const heapBefore = heap();
  let started = performance.now();
  const size = await pdf();
  const first = performance.now() - started;
  const afterFirst = settle();
  const heapFirst = heap();
  started = performance.now();
  for (let i = 0; i < count; i++) await pdf();
  const later = (performance.now() - started) / count;
  const afterLater = settle();
  const heapLater = heap();
  console.log(`first PDF: ${first.toFixed(0)} ms, resident memory ${mb(before)} -> ${mb(afterFirst)} (+${mb(afterFirst - before)}); ${size} bytes`);
  console.log(`heap: ${mb(heapBefore)} -> ${mb(heapFirst)} after the first -> ${mb(heapLater)} after ${count} more`);
  console.log(`later PDFs: ${later.toFixed(0)} ms each over ${count}, resident memory ${mb(afterLater)} (+${mb(afterLater - afterFirst)} over the first)`);
} finally {
  await t.close();
}
