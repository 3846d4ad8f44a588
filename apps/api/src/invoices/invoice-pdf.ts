import PDFDocument from "pdfkit";
import type { FontWeight } from "./invoice-fonts.ts";
import { invoiceFontFaces } from "./invoice-fonts.ts";
import type { InvoiceModel } from "./invoice-model.ts";
import { drawLine, type TextDirection, wrapText } from "./pdf-text.ts";

export interface InvoicePdfOptions {
  /** Deflate the page contents (the default); tests turn it off to read the text operators. */
  compress?: boolean;
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const MUTED = "#5f6368";
const RULE = "#d0d4d9";
/** Table columns from the start edge: item, quantity, unit price, amount. */
const COLUMNS = { quantity: 44, unitPrice: 92, amount: 92 };
const ITEM_WIDTH = CONTENT_WIDTH - COLUMNS.quantity - COLUMNS.unitPrice - COLUMNS.amount;
const TOTALS_WIDTH = 300;

interface TextOptions {
  size?: number;
  weight?: FontWeight;
  color?: string;
  /** "start" follows the reading direction: left in English, right in Arabic. */
  align?: "start" | "end";
  /** Labels follow the document; data (names, addresses, amounts) takes its own first strong letter. */
  direction?: "document" | "content";
}

/**
 * Lays out one invoice. Positions are logical (measured from the start edge) and mirrored for a
 * right-to-left language, so one layout serves both directions.
 */
class InvoiceCanvas {
  y = PAGE.margin;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly direction: "ltr" | "rtl",
  ) {}

  /** The page's x of a box that starts `offset` from the start edge. */
  private left(offset: number, width: number): number {
    return this.direction === "rtl" ? PAGE.margin + CONTENT_WIDTH - offset - width : PAGE.margin + offset;
  }

  private style(options: TextOptions) {
    const direction: TextDirection = options.direction === "content" ? "auto" : this.direction;
    return {
      size: options.size ?? 9.5,
      weight: options.weight ?? "regular",
      direction,
      color: options.color ?? "#111111",
    };
  }

  /** Wraps a text into a box and draws it from the current line down; answers the height it took. */
  text(text: string, offset: number, width: number, options: TextOptions = {}, top = this.y): number {
    const style = this.style(options);
    const lineHeight = style.size * 1.35;
    const fromStart = (options.align ?? "start") === "start";
    const physical = fromStart === (this.direction === "ltr") ? ("left" as const) : ("right" as const);
    const lines = wrapText(this.doc, text, width, style);
    lines.forEach((line, i) => {
      const baseline = top + style.size + i * lineHeight;
      drawLine(this.doc, line, { x: this.left(offset, width), baseline, width, align: physical }, style);
    });
    return lines.length * lineHeight;
  }

  rule(offset: number, width: number, color = RULE, thickness = 0.6): void {
    const x = this.left(offset, width);
    this.doc
      .moveTo(x, this.y)
      .lineTo(x + width, this.y)
      .lineWidth(thickness)
      .strokeColor(color)
      .stroke();
  }

  band(height: number, color: string): void {
    this.doc.rect(PAGE.margin, this.y, CONTENT_WIDTH, height).fillColor(color).fill();
  }

  /** Starts a new page when the next `height` points would not fit; answers whether it did. */
  ensure(height: number): boolean {
    if (this.y + height <= PAGE.height - PAGE.margin) return false;
    this.doc.addPage();
    this.y = PAGE.margin;
    return true;
  }
}

function drawHeader(canvas: InvoiceCanvas, model: InvoiceModel): void {
  const half = CONTENT_WIDTH / 2;
  canvas.text(model.seller.platformName, 0, half, {
    size: 20,
    weight: "bold",
    color: model.accentColour,
    direction: "content",
  });
  canvas.text(model.title, half, half, { size: 20, weight: "bold", align: "end" });
  canvas.y += 34;
  canvas.rule(0, CONTENT_WIDTH, model.accentColour, 1.5);
  canvas.y += 12;

  const sellerTop = canvas.y;
  let sellerHeight = canvas.text(model.seller.officialName, 0, half - 16, {
    weight: "bold",
    direction: "content",
  });
  for (const line of [model.seller.address, model.seller.certificate]) {
    sellerHeight += canvas.text(
      line,
      0,
      half - 16,
      { color: MUTED, direction: "content" },
      sellerTop + sellerHeight,
    );
  }

  let detailsHeight = 0;
  for (const { label, value } of model.details) {
    const top = sellerTop + detailsHeight;
    const labelHeight = canvas.text(label, half, 100, { color: MUTED }, top);
    const valueHeight = canvas.text(value, half + 104, half - 104, { direction: "content" }, top);
    detailsHeight += Math.max(labelHeight, valueHeight) + 2;
  }
  canvas.y = sellerTop + Math.max(sellerHeight, detailsHeight) + 18;
}

function drawTableHeader(canvas: InvoiceCanvas, model: InvoiceModel): void {
  canvas.band(20, "#f1f3f4");
  const top = canvas.y + 4;
  const heading = { weight: "bold" as const, size: 9 };
  canvas.text(model.columns.item, 6, ITEM_WIDTH - 12, heading, top);
  canvas.text(model.columns.quantity, ITEM_WIDTH, COLUMNS.quantity, { ...heading, align: "end" }, top);
  const priceAt = ITEM_WIDTH + COLUMNS.quantity;
  canvas.text(model.columns.unitPrice, priceAt, COLUMNS.unitPrice, { ...heading, align: "end" }, top);
  canvas.text(
    model.columns.amount,
    priceAt + COLUMNS.unitPrice,
    COLUMNS.amount - 6,
    { ...heading, align: "end" },
    top,
  );
  canvas.y += 26;
}

function drawLines(canvas: InvoiceCanvas, model: InvoiceModel): void {
  drawTableHeader(canvas, model);
  const content = { direction: "content" as const };
  const number = { ...content, align: "end" as const };
  for (const vendor of model.vendors) {
    if (canvas.ensure(40)) drawTableHeader(canvas, model);
    canvas.y +=
      canvas.text(vendor.name, 6, CONTENT_WIDTH - 12, { ...content, weight: "bold", size: 10.5 }) + 4;
    for (const line of vendor.lines) {
      if (canvas.ensure(30 + (line.options.length + (line.person ? 1 : 0)) * 12))
        drawTableHeader(canvas, model);
      const top = canvas.y;
      let height = canvas.text(line.name, 6, ITEM_WIDTH - 12, content);
      if (line.person)
        height += canvas.text(
          line.person,
          6,
          ITEM_WIDTH - 12,
          { ...content, size: 8.5, color: MUTED },
          top + height,
        );
      for (const option of line.options) {
        height += canvas.text(
          `+ ${option}`,
          16,
          ITEM_WIDTH - 22,
          { ...content, size: 8.5, color: MUTED },
          top + height,
        );
      }
      canvas.text(line.quantity, ITEM_WIDTH, COLUMNS.quantity, number, top);
      const priceAt = ITEM_WIDTH + COLUMNS.quantity;
      canvas.text(line.unitPrice, priceAt, COLUMNS.unitPrice, number, top);
      canvas.text(line.amount, priceAt + COLUMNS.unitPrice, COLUMNS.amount - 6, number, top);
      canvas.y = top + height + 5;
      canvas.rule(0, CONTENT_WIDTH);
      canvas.y += 6;
    }
    canvas.y += 6;
  }
}

function drawTotals(canvas: InvoiceCanvas, model: InvoiceModel): void {
  const start = CONTENT_WIDTH - TOTALS_WIDTH;
  const amountWidth = 110;
  canvas.ensure(model.totals.length * 16 + 30);
  for (const total of model.totals) {
    const emphasis = total.kind === "total";
    if (emphasis) {
      canvas.y += 2;
      canvas.rule(start, TOTALS_WIDTH, "#111111", 1);
      canvas.y += 6;
    }
    const options: TextOptions = {
      size: emphasis ? 12 : 9.5,
      weight: emphasis ? "bold" : "regular",
      color: total.kind === "included" ? MUTED : "#111111",
    };
    const top = canvas.y;
    const labelHeight = canvas.text(total.label, start, TOTALS_WIDTH - amountWidth - 8, options, top);
    canvas.text(
      total.amount,
      CONTENT_WIDTH - amountWidth,
      amountWidth - 6,
      { ...options, align: "end", direction: "content" },
      top,
    );
    canvas.y = top + labelHeight + 3;
  }
}

/** The invoice as a PDF: Noto Sans and Noto Sans Arabic embedded, laid out in the reader's direction. */
export function renderInvoicePdf(model: InvoiceModel, options: InvoicePdfOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    compress: options.compress ?? true,
    lang: model.lang,
    displayTitle: true,
    info: {
      Title: `${model.title} ${model.number}`,
      Author: model.seller.officialName,
      Creator: model.seller.platformName,
    },
  });
  for (const face of invoiceFontFaces()) doc.registerFont(face.name, face.data);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const canvas = new InvoiceCanvas(doc, model.direction);
  drawHeader(canvas, model);
  drawLines(canvas, model);
  canvas.y += 4;
  drawTotals(canvas, model);
  canvas.y += 24;
  canvas.ensure(20);
  canvas.text(model.thanks, 0, CONTENT_WIDTH, { color: MUTED });
  doc.end();
  return done;
}
