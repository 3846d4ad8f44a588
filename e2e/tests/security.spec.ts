import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { apiHeaders, placeOrder, signInQuickly } from "./api-orders.ts";
import { consoleStaff } from "./console-staff.ts";
import { openSignIn } from "./customer.ts";
import { atEveryWidth, atOneWidth, expect, test } from "./fixtures.ts";

const headers = apiHeaders;

/**
 * Collects what the page's Content-Security-Policy refused: the browser's violation events (from
 * the first script on) and its console's "Refused to …" lines.
 */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Refused to|Content Security Policy/.test(message.text())) refused.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => {
    const events = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    return [...events, ...refused];
  };
}

/** A signed-in customer with an unpaid card order, through the API; answers the card page's address. */
async function cardPageOf(page: Page, range: number): Promise<string> {
  await signInQuickly(page, range);
  const { order } = await placeOrder(page, "ONLINE");
  const payment = await page.request.post(`/api/customer/me/orders/${order.id}/payment/create`, {
    headers,
    data: { returnUrl: `/en/menu/orders/${order.id}/payment` },
  });
  expect(payment.status()).toBe(200);
  return (await payment.json()).redirectUrl;
}

test.describe("the Content-Security-Policy breaks no page", () => {
  test("home, a vendor, a product, the cart", atEveryWidth(), async ({ page }) => {
    const violations = await watchPolicy(page);
    // The page's head starts the Intl warm-up worker for its language (lib/intl-warm-up.ts): the
    // policy allows it, as the build's own file.
    const warmUp = page.waitForEvent("worker", (worker) => worker.url().includes("intl-warm-up"));
    await page.goto("/en/riga");
    expect(new URL((await warmUp).url()).searchParams.get("locale")).toBe("en");
    const vendors = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 2 }) });
    await vendors.filter({ hasText: "Pica Fornello" }).getByRole("link").click();
    await expect(page).toHaveTitle("Dostavka — Pica Fornello");
    await page.getByRole("region", { name: "Pizza" }).getByRole("link", { name: "Margherita" }).click();
    await expect(page.getByRole("dialog", { name: "Margherita" })).toBeVisible();
    await page.goto("/en/cart");
    await expect(page.getByRole("main")).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test("the sign-in modal and the map of the address screen", atEveryWidth(), async ({ page }) => {
    const violations = await watchPolicy(page);
    const signIn = await openSignIn(page);
    await expect(signIn.getByRole("textbox", { name: "Phone number" })).toBeVisible();
    await signIn.getByRole("button", { name: "Close" }).click();
    await page.getByRole("link", { name: "Enter delivery address" }).click();
    const dialog = page.getByRole("dialog", { name: "Where to deliver?" });
    await expect(dialog.getByRole("textbox", { name: "Street and house" })).toHaveValue(/Rīga/);
    expect(await violations()).toEqual([]);
  });

  test("the sandbox card page", async ({ page }, info) => {
    const violations = await watchPolicy(page);
    await page.goto(await cardPageOf(page, info.project.name === "phone" ? 93 : 94));
    await expect(page.getByRole("button", { name: /^Pay/ })).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});

/** The console's screens an owner reaches from its menu, under /console/en/. */
const CONSOLE_SCREENS = [
  "orders",
  "menus",
  "promo-codes",
  "banners",
  "cities",
  "categories",
  "zones",
  "couriers",
  "reports",
  "brand",
  "pages",
  "staff",
  "audit",
];

test(
  "the console's own policy breaks none of its screens, the page editor included",
  atOneWidth("desktop"),
  async ({ browser }, info) => {
    const owner = await consoleStaff(browser, {
      baseURL: info.project.use.baseURL as string,
      viewport: info.project.use.viewport ?? null,
      email: "owner@dostavka.example",
    });
    const violations = await watchPolicy(owner);
    for (const screen of CONSOLE_SCREENS) {
      await owner.goto(`/console/en/${screen}`);
      await expect(owner.getByRole("heading", { level: 1 })).toBeVisible();
    }
    // A vendor's menu and settings, by the menu screen's link.
    await owner.goto("/console/en/menus");
    await owner.getByRole("link", { name: "Pica Fornello" }).click();
    await expect(owner.getByRole("heading", { level: 1, name: /Pica Fornello/ })).toBeVisible();
    const vendorId = new URL(owner.url()).pathname.split("/").pop();
    await owner.goto(`/console/en/vendors/${vendorId}`);
    await expect(owner.getByRole("heading", { level: 1, name: /Pica Fornello/ })).toBeVisible();
    // The page editor, written in and formatted.
    await owner.goto("/console/en/pages/new");
    const text = owner.getByRole("textbox", { name: "Text" });
    await text.click();
    await owner.keyboard.type("Opening hours");
    await owner.getByRole("button", { name: "Bold" }).click();
    await owner.keyboard.type(" and more");
    await expect(text).toContainText("Opening hours and more");
    expect(await violations()).toEqual([]);
    await owner.context().close();
  },
);

test("pages and assets carry the security headers", async ({ request }) => {
  // A page rendered for its visitor (one with a visitor token): its inline scripts run by a nonce.
  const visitor = { cookie: "visitor=e2e-security-headers-visitor" };
  const answer = await request.get("/en/riga", { headers: visitor });
  const pageHeaders = answer.headers();
  const policy = pageHeaders["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'self'");
  expect(pageHeaders["x-content-type-options"]).toBe("nosniff");
  expect(pageHeaders["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(pageHeaders["permissions-policy"]).toContain("geolocation=(self)");
  // Every page rendered has a nonce of its own.
  const again = (await request.get("/en/riga", { headers: visitor })).headers()["content-security-policy"];
  expect(again).not.toBe(policy);
  // The page kept for anonymous visitors (the same bytes for all) names its inline scripts' hashes.
  // Asked until it is kept: a minute's turn, or another test's change to the catalogue, between a
  // render and the next view drops what was kept.
  let kept = await request.get("/en/riga");
  await expect
    .poll(async () => {
      kept = await request.get("/en/riga");
      return kept.headers()["x-page-cache"];
    })
    .toBe("hit");
  expect(kept.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]{44}'/);
  expect(kept.headers()["content-security-policy"]).not.toContain("'nonce-");

  // A module the page's script imports once its first frame is drawn.
  const script = /import\("(\/assets\/[^"]+\.js)"\)/.exec(await answer.text());
  const asset = await request.get(script?.[1] as string);
  expect(asset.status()).toBe(200);
  expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
});

test("every script of a page is the site's own or allowed by the page's policy: its nonce, or its hash when the page is kept", async ({
  request,
}) => {
  for (const path of ["/en/riga", "/en/riga/vendor/1", "/en/cart", "/en/menu"]) {
    // Once rendered for the visitor (its nonce), then kept for every anonymous visitor (hashes).
    for (const view of ["first", "again"]) {
      const answer = await request.get(path);
      const policy = answer.headers()["content-security-policy"] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      const html = await answer.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const [, attributes = "", text = ""] of scripts) {
        const src = /\ssrc="([^"]+)"/.exec(attributes)?.[1];
        if (src) expect(src.startsWith("/"), `${path}: ${src}`).toBe(true);
        else if (nonce) expect(attributes, `${path} (${view})`).toContain(`nonce="${nonce}"`);
        else
          expect(policy, `${path} (${view})`).toContain(
            `'sha256-${createHash("sha256").update(text).digest("base64")}'`,
          );
      }
    }
  }
});

test("the storefront's cookies are Secure when the proxy says the visitor came over https", async ({
  request,
}) => {
  const over = async (proto: string) =>
    (await request.get("/en/riga?platform=ios", { headers: { "X-Forwarded-Proto": proto }, maxRedirects: 0 }))
      .headersArray()
      .filter((header) => header.name.toLowerCase() === "set-cookie")
      .map((header) => header.value);
  const https = await over("https");
  expect(https.length).toBeGreaterThan(0);
  for (const cookie of https) expect(cookie).toMatch(/;\s*Secure/i);
  for (const cookie of await over("http")) expect(cookie).not.toMatch(/;\s*Secure/i);
});
