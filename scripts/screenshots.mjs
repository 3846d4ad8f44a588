// Screenshots of the main screens, at a phone and a desktop width, in English and Arabic, into
// docs/screenshots/. Run against a running storefront: BASE_URL=http://localhost:3000 node scripts/screenshots.mjs
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const base = process.env.BASE_URL ?? "http://localhost:3000";
const out = path.resolve(import.meta.dirname, "../docs/screenshots");
fs.mkdirSync(out, { recursive: true });

const headers = { "X-Partner-Code": process.env.PARTNER_CODE ?? "demo" };
async function json(url) {
  const response = await fetch(`${base}/api${url}`, { headers });
  return response.json();
}
/** A vendor of the locality with a product that has options, for the product modal. */
async function vendorWithOptions(locality) {
  const vendors = await json(`/public/localities/${locality}/vendors?size=5`);
  for (const vendor of vendors.content) {
    const catalogue = await json(`/vendors/${vendor.id}/catalogue`);
    const product = catalogue.sections.flatMap((s) => s.products).find((p) => p.componentGroups.length > 0);
    if (product) return { vendor: vendor.id, product: product.id };
  }
  throw new Error(`no product with options in ${locality}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 860 } };
for (const [locale, locality] of [
  ["en", "riga"],
  ["ar", "baghdad"],
]) {
  const { vendor, product } = await vendorWithOptions(locality);
  const screens = {
    home: `/${locale}/${locality}`,
    vendor: `/${locale}/${locality}/vendor/${vendor}`,
    product: `/${locale}/${locality}/vendor/${vendor}?modal=ProductModal&product=${product}`,
  };
  for (const [size, viewport] of Object.entries(sizes)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale });
    const page = await context.newPage();
    await page.goto(`${base}/${locale}/${locality}?switchLocale=1`);
    for (const [screen, url] of Object.entries(screens)) {
      await page.goto(`${base}${url}`, { waitUntil: "load" });
      if (screen === "product") await page.getByRole("dialog").waitFor();
      await page.evaluate(() => document.fonts.ready);
      const file = path.join(out, `${screen}-${size}-${locale}.png`);
      await page.screenshot({ path: file });
      console.log(path.relative(process.cwd(), file));
    }
    await context.close();
  }
}
await browser.close();
