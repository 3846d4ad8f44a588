import { formatMoney } from "@storefront/domain";
import { devEndpoints, endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partners } from "../src/db/schema.ts";
import { renderInvoicePdf } from "../src/invoices/invoice-pdf.ts";
import { loadInvoice } from "../src/invoices/invoices.ts";
import { callEndpoint } from "./cart-helpers.ts";
import { NOW, placeOrderIn } from "./completed-orders.ts";
import { get, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { apiPath, devPath } from "./paths.ts";
import { pdfLines, readPdfText } from "./pdf-reader.ts";

let t: TestApp;
let clock = NOW;

beforeAll(async () => {
  t = await startTestApp({ clock: () => clock, publicUrl: "https://shop.example" });
});
afterAll(() => t.close());

async function customer(
  profile: { name?: string; lang?: string } = {},
): Promise<{ session: string; userId: number }> {
  const { cookie } = await signInCustomer(t.app);
  if (Object.keys(profile).length > 0)
    await callEndpoint(t.app, endpoints.customer.update(), cookie, profile);
  const me = await callEndpoint(t.app, endpoints.customer.me(), cookie);
  return { session: cookie, userId: me.body.id };
}

async function invoiceOf(session: string, orderId: number, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "GET",
    url: apiPath(endpoints.customer.invoice(orderId)),
    headers: { ...headersOf(session), ...headers },
  });
}

function headersOf(session: string) {
  return { "x-partner-code": "demo", cookie: session };
}

/** The invoice as the API builds it, laid out without compression so its text can be read back. */
async function readableInvoice(userId: number, orderId: number, requested: "ar" | "en" | null = null) {
  const [partner] = await t.database.db.select().from(partners).where(eq(partners.code, "demo"));
  if (!partner) throw new Error("the demo partner is seeded");
  const invoice = await loadInvoice(t.database.db, { partner, userId, orderId, requested });
  const pdf = await renderInvoicePdf(invoice, { compress: false });
  return { invoice, pdf, runs: readPdfText(pdf), lines: pdfLines(readPdfText(pdf)) };
}

function fontNames(pdf: Buffer): string[] {
  const names = [...pdf.toString("latin1").matchAll(/\/FontName \/[A-Z]{6}\+([\w-]+)/g)].map(
    (m) => m[1] as string,
  );
  return [...new Set(names)].sort();
}

describe("the invoice PDF", () => {
  it("is a PDF of the customer's own order, with Noto Sans embedded, to download", async () => {
    const { session } = await customer({ name: "Anna Bērziņa", lang: "en" });
    const order = await placeOrderIn(t, session, { promoCode: "WELCOME5", atLeast: 15, tipAmount: 1 });

    const answer = await invoiceOf(session, order.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/pdf");
    expect(answer.headers["content-disposition"]).toBe(`attachment; filename="invoice-${order.id}.pdf"`);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    const pdf = answer.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).toMatch(/\/Type \/Page\b/);
    expect(pdf.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);
    expect(fontNames(pdf)).toEqual(expect.arrayContaining(["NotoSans-Bold", "NotoSans-Regular"]));
  });

  it("reads as the order was: partner, customer, lines, promo code, fees, taxes, tip and total", async () => {
    const { session, userId } = await customer({ name: "Anna Bērziņa", lang: "en" });
    const order = await placeOrderIn(t, session, { promoCode: "WELCOME5", atLeast: 15, tipAmount: 1 });
    const { invoice, lines } = await readableInvoice(userId, order.id);
    const money = (amount: number) => formatMoney(amount, "EUR", "en");
    const text = lines.join("\n");
    const item = order.vendorCarts[0].items[0];

    expect(invoice.lang).toBe("en");
    expect(lines).toEqual(
      expect.arrayContaining([
        "DostavkaInvoice",
        `Dostavka Demo SIAInvoice No.DEMO-${String(order.id).padStart(6, "0")}`,
        "Brīvības iela 68, Rīga, LV-1011, Latvija",
        "Reg. No. 40003000000 (demo)",
        "DateNovember 23, 2026 at 14:00",
        `Order No.${order.id}`,
        "CustomerAnna Bērziņa",
        "Order typeDelivery",
        "Delivery addressBrīvības iela 1, Rīga",
        "PaymentCash",
        "ItemQtyUnit priceAmount",
        order.vendorCarts[0].vendorName,
        `Products total${money(order.prices.cartTotal)}`,
        `Delivery${money(order.prices.deliveryTotal)}`,
        `Promo code WELCOME5${money(-5)}`,
        `Service fee${money(order.prices.fees[0].amount)}`,
        `PVN 21% (included)${money(order.prices.taxes[0].amount)}`,
        `Tip${money(1)}`,
        `Total${money(order.price)}`,
        "Thank you for your order!",
      ]),
    );
    expect(text).toContain(`${item.name}${item.count}${money(item.price)}${money(item.totalPrice)}`);
    expect(text).toMatch(/Phone\+371 \d/);
  });

  it("is in Arabic, right to left and shaped, for an order in Baghdad asked for in Arabic", async () => {
    const { session, userId } = await customer();
    const arabic = { "accept-language": "ar" };
    const order = await placeOrderIn(t, session, { locality: "baghdad", headers: arabic });

    const answer = await invoiceOf(session, order.id, arabic);
    expect(answer.statusCode).toBe(200);
    expect(fontNames(answer.rawPayload)).toEqual(
      expect.arrayContaining(["NotoSans-Regular", "NotoSansArabic-Bold", "NotoSansArabic-Regular"]),
    );

    const { invoice, runs } = await readableInvoice(userId, order.id, "ar");
    expect(invoice).toMatchObject({ lang: "ar", direction: "rtl", title: "فاتورة" });
    const at = (text: string) => {
      const run = runs.find((r) => r.text === text);
      if (!run) throw new Error(`no run "${text}" in ${runs.map((r) => r.text).join(" | ")}`);
      return run;
    };
    // The platform heads the right side; labels stand at the right of their values; amounts at the left.
    expect(at("Dostavka").x).toBeGreaterThan(at("فاتورة").x);
    const phoneLabel = at("الهاتف");
    const phone = runs.find((r) => r.y === phoneLabel.y && r.text.startsWith("+371"));
    expect(phone?.x).toBeLessThan(phoneLabel.x);
    const fee = at("رسوم");
    expect(fee.x).toBeGreaterThan(300);
    expect(runs.some((r) => r.y === fee.y && r.x < 200 && /\d/.test(r.text))).toBe(true);
    // ToUnicode maps each shaped glyph to one letter, so words of letters that share a dotless form
    // read back imperfectly; these do not.
    expect(runs.map((r) => r.text)).toEqual(expect.arrayContaining(["الهاتف", "رسوم", "الطلب", "الاستلام"]));
    expect(runs.some((r) => r.font === "NotoSansArabic-Regular")).toBe(true);
  });

  it("runs over to more pages, the table's heading again on each", async () => {
    const { session, userId } = await customer({ lang: "en" });
    const order = await placeOrderIn(t, session);
    const { invoice } = await readableInvoice(userId, order.id);
    const [vendor] = invoice.vendors;
    const line = vendor?.lines[0];
    if (!vendor || !line) throw new Error("the order has a line");
    const lines = Array.from({ length: 70 }, (_, i) => ({ ...line, name: `Dish ${i + 1}` }));
    const pdf = await renderInvoicePdf({ ...invoice, vendors: [{ ...vendor, lines }] }, { compress: false });
    const runs = readPdfText(pdf);
    const pages = new Set(runs.map((r) => r.page));
    expect(pages.size).toBeGreaterThanOrEqual(2);
    for (const page of pages) expect(runs.some((r) => r.page === page && r.text === "Unit price")).toBe(true);
    expect(runs.filter((r) => /^Dish \d+$/.test(r.text))).toHaveLength(70);
    expect(runs.some((r) => r.text === "Thank you for your order!")).toBe(true);
  });

  it("is in the customer's language, else the one asked for, else the locality's", async () => {
    const ukrainian = await customer({ lang: "uk" });
    const order = await placeOrderIn(t, ukrainian.session);
    const inUkrainian = await readableInvoice(ukrainian.userId, order.id, "en");
    expect(inUkrainian.invoice.lang).toBe("uk");
    expect(inUkrainian.lines).toEqual(
      expect.arrayContaining(["ТоварК-стьЦінаСума", "Дякуємо за замовлення!"]),
    );

    const unset = await customer();
    const other = await placeOrderIn(t, unset.session);
    expect((await readableInvoice(unset.userId, other.id, "en")).invoice.lang).toBe("en");
    const latvian = await readableInvoice(unset.userId, other.id, null);
    expect(latvian.invoice.lang).toBe("lv");
    expect(latvian.lines.join("\n")).toContain("Paldies par pasūtījumu!");
  });

  it("is only for the customer's own orders", async () => {
    const { session } = await customer();
    const order = await placeOrderIn(t, session);
    const stranger = await customer();
    for (const answer of [
      await invoiceOf(stranger.session, order.id),
      await invoiceOf(stranger.session, 999_999),
      await t.app.inject({
        method: "GET",
        url: apiPath(endpoints.customer.invoiceLink(order.id)),
        headers: headersOf(stranger.session),
      }),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().type).toBe("OrderNotFoundException");
    }
    expect((await invoiceOf("", order.id)).statusCode).toBe(401);
  });
});

describe("a link for an external browser", () => {
  it("opens the PDF without a session for 10 minutes, and not when changed or expired", async () => {
    const { session } = await customer({ lang: "lv" });
    const order = await placeOrderIn(t, session);
    const made = await callEndpoint(t.app, endpoints.customer.invoiceLink(order.id), session);
    expect(made.status).toBe(200);
    expect(made.body.expiresAt).toBe(new Date(NOW.getTime() + 10 * 60_000).toISOString());
    const url = new URL(made.body.url);
    expect(url.pathname).toMatch(/^\/api\/invoices\/[\w-]+\.[\w-]{43}$/);

    const opened = await t.app.inject({ method: "GET", url: url.pathname });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers["content-type"]).toBe("application/pdf");
    expect(opened.headers["content-disposition"]).toBe(`inline; filename="invoice-${order.id}.pdf"`);
    expect(opened.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const [payload, signature] = url.pathname.slice("/api/invoices/".length).split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, o: claims.o + 1 })).toString("base64url");
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    for (const token of [`${forged}.${signature}`, `${payload}.${flipped}`]) {
      const refused = await t.app.inject({ method: "GET", url: apiPath(endpoints.signedInvoice(token)) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().type).toBe("InvoiceLinkException");
    }
    expect((await get(t.app, apiPath(endpoints.signedInvoice("not-a-token")))).status).toBe(400);

    clock = new Date(NOW.getTime() + 10 * 60_000 + 1000);
    try {
      const expired = await t.app.inject({ method: "GET", url: url.pathname });
      expect(expired.statusCode).toBe(410);
      expect(expired.json().type).toBe("InvoiceLinkExpiredException");
    } finally {
      clock = NOW;
    }
  });

  it("is on the storefront's public address, whatever Host the request names", async () => {
    const { session } = await customer();
    const order = await placeOrderIn(t, session);
    const made = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.customer.invoiceLink(order.id)),
      headers: { ...headersOf(session), host: "evil.example", "x-forwarded-host": "evil.example" },
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().url).toMatch(/^https:\/\/shop\.example\/api\/invoices\//);
  });
});

describe("the invoice by e-mail", () => {
  it("lands in the outbox with the PDF attached", async () => {
    const { session } = await customer({ lang: "en" });
    const order = await placeOrderIn(t, session);
    const sent = await callEndpoint(t.app, endpoints.customer.emailInvoice(order.id), session, {
      email: "anna@example.com",
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ sentTo: "anna@example.com" });

    const outbox = await t.app.inject({ method: "GET", url: devPath(devEndpoints.outbox()) });
    const mail = outbox.json().find((m: { to: string }) => m.to === "anna@example.com");
    const number = `DEMO-${String(order.id).padStart(6, "0")}`;
    expect(mail).toMatchObject({ channel: "EMAIL", subject: `Dostavka: invoice ${number}` });
    expect(mail.text).toContain(`The invoice for your order No. ${order.id} is attached.`);
    expect(mail.text).toContain(`Attachment: invoice-${order.id}.pdf`);
  });

  it("sends one customer at most 10 in an hour, even asked in parallel, then 429 with Retry-After", async () => {
    const { session } = await customer();
    const order = await placeOrderIn(t, session);
    const send = (email: string) =>
      callEndpoint(t.app, endpoints.customer.emailInvoice(order.id), session, { email });
    const emailInvoice = endpoints.customer.emailInvoice(order.id);
    const sendTo = (i: number) =>
      t.app.inject({
        method: emailInvoice.method,
        url: apiPath(emailInvoice),
        headers: headersOf(session),
        payload: { email: `flood-${i}@example.com` },
      });
    try {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => sendTo(i)));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
      const refused = answers.filter((a) => a.statusCode === 429);
      expect(refused).toHaveLength(2);
      for (const answer of refused) {
        expect(answer.json()).toMatchObject({ status: 429, type: "TooManyRequestsException" });
        expect(Number(answer.headers["retry-after"])).toBe(3600);
      }
      const outbox = (
        await t.app.inject({ method: "GET", url: devPath(devEndpoints.outbox({ limit: 200 })) })
      ).json();
      expect(outbox.filter((m: { to: string }) => m.to.startsWith("flood-"))).toHaveLength(10);
      // Another customer is not held back by this one.
      const other = await customer();
      const theirs = await placeOrderIn(t, other.session);
      const sent = await callEndpoint(t.app, endpoints.customer.emailInvoice(theirs.id), other.session, {
        email: "other@example.com",
      });
      expect(sent.status).toBe(200);
      clock = new Date(NOW.getTime() + 60 * 60 * 1000);
      expect((await send("later@example.com")).status).toBe(200);
    } finally {
      clock = NOW;
    }
  });

  it("names a malformed address, and sends nothing for another's order", async () => {
    const { session } = await customer();
    const order = await placeOrderIn(t, session);
    for (const email of ["not-an-email", "", undefined]) {
      const answer = await callEndpoint(t.app, endpoints.customer.emailInvoice(order.id), session, { email });
      expect(answer.status).toBe(400);
      expect(answer.body.details.map((d: { field: string }) => d.field)).toEqual(["email"]);
    }
    const stranger = await customer();
    const refused = await callEndpoint(t.app, endpoints.customer.emailInvoice(order.id), stranger.session, {
      email: "thief@example.com",
    });
    expect(refused.status).toBe(404);
    const outbox = (await t.app.inject({ method: "GET", url: devPath(devEndpoints.outbox()) })).json();
    expect(outbox.some((m: { to: string }) => m.to === "thief@example.com")).toBe(false);
  });
});
