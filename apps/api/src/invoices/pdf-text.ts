import bidiFactory from "bidi-js";
import { type FontWeight, faceFor } from "./invoice-fonts.ts";

const bidi = bidiFactory();

export type TextDirection = "ltr" | "rtl" | "auto";

/** A piece of a line drawn with one face, already in the order it is drawn from left to right. */
export interface TextRun {
  face: string;
  /** What to hand to pdfkit: fontkit shapes it and reverses right-to-left scripts itself. */
  text: string;
}

/** Direction marks and isolates steer the bidi algorithm but draw nothing. ZWNJ/ZWJ stay: they shape. */
const INVISIBLE = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/;
const FIRST_SCRIPTED = /[^\p{Script=Common}\p{Script=Inherited}]/u;
const RIGHT_TO_LEFT_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
/** Our faces have no glyphs outside the Basic Multilingual Plane (emoji); the replacement sign stands in. */
const ASTRAL = /[\u{10000}-\u{10FFFF}]/gu;

/** fontkit reads a run's direction from the script of its first letter and reverses right-to-left glyphs. */
function fontkitReverses(text: string): boolean {
  const letter = FIRST_SCRIPTED.exec(text)?.[0];
  return letter !== undefined && RIGHT_TO_LEFT_SCRIPT.test(letter);
}

function reversed(text: string): string {
  return [...text].reverse().join("");
}

/**
 * One line as runs in drawing order: the Unicode bidi algorithm (bidi-js) orders the characters and
 * mirrors brackets of right-to-left text, then characters group by face. A right-to-left run goes
 * to pdfkit in logical order, so that fontkit's shaping joins the Arabic letters and reverses them.
 */
export function visualRuns(line: string, direction: TextDirection, weight: FontWeight): TextRun[] {
  const text = line.replace(ASTRAL, "\uFFFD");
  const embedding = bidi.getEmbeddingLevels(text, direction);
  const mirrored = bidi.getMirroredCharactersMap(text, embedding.levels);
  const runs: Array<{ face: string; rightToLeft: boolean; chars: string[] }> = [];
  for (const index of bidi.getReorderedIndices(text, embedding)) {
    const char = text[index] as string;
    if (INVISIBLE.test(char)) continue;
    const face = faceFor(char.codePointAt(0) ?? 0, weight);
    const rightToLeft = ((embedding.levels[index] ?? 0) & 1) === 1;
    const last = runs.at(-1);
    const shown = mirrored.get(index) ?? char;
    if (last && last.face === face && last.rightToLeft === rightToLeft) last.chars.push(shown);
    else runs.push({ face, rightToLeft, chars: [shown] });
  }
  return runs.map(({ face, chars }) => {
    const inDrawingOrder = chars.join("");
    return { face, text: fontkitReverses(inDrawingOrder) ? reversed(inDrawingOrder) : inDrawingOrder };
  });
}

export interface TextStyle {
  size: number;
  weight: FontWeight;
  direction: TextDirection;
  color?: string;
}

/** Widths measured in a document, by face, size and text: wrapping measures the same words again and again. */
const widthCaches = new WeakMap<PDFKit.PDFDocument, Map<string, number>>();

function runWidth(doc: PDFKit.PDFDocument, run: TextRun, size: number): number {
  let cache = widthCaches.get(doc);
  if (!cache) {
    cache = new Map();
    widthCaches.set(doc, cache);
  }
  const key = `${run.face}\u0000${size}\u0000${run.text}`;
  let width = cache.get(key);
  if (width === undefined) {
    width = doc.font(run.face).fontSize(size).widthOfString(run.text);
    cache.set(key, width);
  }
  return width;
}

/** How wide a line is drawn. */
export function measureLine(doc: PDFKit.PDFDocument, line: string, style: TextStyle): number {
  return visualRuns(line, style.direction, style.weight).reduce(
    (sum, run) => sum + runWidth(doc, run, style.size),
    0,
  );
}

/** Draws one line on a baseline, aligned inside [x, x + width]. */
export function drawLine(
  doc: PDFKit.PDFDocument,
  line: string,
  box: { x: number; baseline: number; width: number; align: "left" | "right" },
  style: TextStyle,
): void {
  const runs = visualRuns(line, style.direction, style.weight);
  const widths = runs.map((run) => runWidth(doc, run, style.size));
  const total = widths.reduce((sum, w) => sum + w, 0);
  let x = box.align === "left" ? box.x : box.x + box.width - total;
  doc.fillColor(style.color ?? "#111111");
  runs.forEach((run, i) => {
    doc
      .font(run.face)
      .fontSize(style.size)
      .text(run.text, x, box.baseline, { lineBreak: false, baseline: "alphabetic" });
    x += widths[i] ?? 0;
  });
}

/** Breaks a text into lines no wider than `width` at spaces (never at no-break ones); a longer word is cut. */
export function wrapText(doc: PDFKit.PDFDocument, text: string, width: number, style: TextStyle): string[] {
  if (!text.includes("\n") && measureLine(doc, text, style) <= width) return [text];
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/ +/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (measureLine(doc, candidate, style) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (measureLine(doc, line, style) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && measureLine(doc, line.slice(0, cut), style) > width) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}
