/**
 * Reads the text back out of an uncompressed pdfkit PDF, as a PDF reader would: each text object's
 * glyph ids through its font's ToUnicode map. Arabic runs are drawn in visual order, so their glyphs
 * are read backwards to give the logical text.
 */
export interface PdfTextRun {
  page: number;
  x: number;
  y: number;
  font: string;
  text: string;
}

function objectsOf(pdf: string): Map<number, string> {
  const objects = new Map<number, string>();
  for (const match of pdf.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    objects.set(Number(match[1]), match[2] as string);
  }
  return objects;
}

function streamOf(body: string): string {
  const start = body.indexOf("stream\n");
  return body.slice(start + 7, body.lastIndexOf("\nendstream"));
}

function hexToText(hex: string): string {
  let text = "";
  for (let i = 0; i + 4 <= hex.length; i += 4)
    text += String.fromCharCode(Number.parseInt(hex.slice(i, i + 4), 16));
  return text;
}

/** glyph id → text, from a ToUnicode CMap of bfrange arrays (what pdfkit writes). */
function toUnicodeOf(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/gi)) {
    const start = Number.parseInt(range[1] as string, 16);
    [...(range[2] as string).matchAll(/<([0-9a-f]*)>/gi)].forEach((target, i) => {
      map.set(start + i, hexToText(target[1] as string));
    });
  }
  return map;
}

interface Font {
  name: string;
  glyphs: Map<number, string>;
}

function fontsOf(objects: Map<number, string>): Map<string, Font> {
  const fonts = new Map<string, Font>();
  for (const body of objects.values()) {
    const dictionary = /\/Font <<([^>]*)>>/.exec(body)?.[1];
    if (!dictionary) continue;
    for (const [, key, ref] of dictionary.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = objects.get(Number(ref)) ?? "";
      const name = /\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/.exec(font)?.[1] ?? "";
      const cmapRef = /\/ToUnicode (\d+) 0 R/.exec(font)?.[1];
      const glyphs = cmapRef ? toUnicodeOf(streamOf(objects.get(Number(cmapRef)) ?? "")) : new Map();
      fonts.set(key as string, { name, glyphs });
    }
  }
  return fonts;
}

export function readPdfText(buffer: Buffer): PdfTextRun[] {
  const pdf = buffer.toString("latin1");
  const objects = objectsOf(pdf);
  const fonts = fontsOf(objects);
  const pageHeights = [...pdf.matchAll(/\/MediaBox \[0 0 [\d.]+ ([\d.]+)\]/g)].map((m) => Number(m[1]));
  const contents = [...pdf.matchAll(/\/Contents (\d+) 0 R/g)].map((m) =>
    streamOf(objects.get(Number(m[1])) ?? ""),
  );
  const runs: PdfTextRun[] = [];
  contents.forEach((content, page) => {
    const height = pageHeights[page] ?? 841.89;
    for (const block of content.matchAll(/BT\n([\s\S]*?)\nET/g)) {
      const body = block[1] as string;
      const position = /([\d.-]+) ([\d.-]+) Tm/.exec(body.replace(/^1 0 0 1 /gm, ""));
      const fontKey = /\/(\w+) [\d.]+ Tf/.exec(body)?.[1] ?? "";
      const font = fonts.get(fontKey);
      if (!font || !position) continue;
      const glyphIds = [...body.matchAll(/<([0-9a-f]+)>/gi)].flatMap(
        (m) => (m[1] as string).match(/.{4}/g)?.map((id) => Number.parseInt(id, 16)) ?? [],
      );
      if (font.name.includes("Arabic")) glyphIds.reverse();
      const text = glyphIds.map((id) => font.glyphs.get(id) ?? "").join("");
      runs.push({ page, x: Number(position[1]), y: height - Number(position[2]), font: font.name, text });
    }
  });
  return runs;
}

/** The runs of each line, left to right, joined; lines top to bottom. */
export function pdfLines(runs: PdfTextRun[]): string[] {
  const lines = new Map<string, PdfTextRun[]>();
  for (const run of runs) {
    const key = `${run.page}:${Math.round(run.y)}`;
    lines.set(key, [...(lines.get(key) ?? []), run]);
  }
  return [...lines.entries()]
    .sort(([a], [b]) => {
      const [pageA, yA] = a.split(":").map(Number) as [number, number];
      const [pageB, yB] = b.split(":").map(Number) as [number, number];
      return pageA - pageB || yA - yB;
    })
    .map(([, line]) =>
      line
        .sort((a, b) => a.x - b.x)
        .map((run) => run.text)
        .join(""),
    );
}
