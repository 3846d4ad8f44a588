// Screenshots of the main screens, at a phone and a desktop width, in English and Arabic, into
// docs/screenshots/. Run against a running storefront whose simulator is fast, so an order is
// delivered while the script waits: SIMULATION_SPEED=300 npm start, then
// BASE_URL=http://localhost:3000 node scripts/screenshots.mjs
// ONLY=addresses,referral takes just those screens.
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
/** A signed-in demo customer (through the real SMS-code flow and the demo outbox), as a session cookie. */
async function customerSession(name) {
  const phone = `3712${Math.floor(6_000_000 + Math.random() * 3_000_000)}`;
  await fetch(`${base}/api/customer/auth/sendPhoneConfirmation?phone=${phone}`, { method: "POST", headers });
  const outbox = await json(`/dev/outbox?to=%2B${phone}`);
  const code = outbox[0].code;
  const login = await fetch(`${base}/api/customer/auth/login`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ phone, token: code }),
  });
  const session = login.headers.get("set-cookie").split(";")[0].split("=")[1];
  await fetch(`${base}/api/customer/me`, {
    method: "PATCH",
    headers: { ...headers, "Content-Type": "application/json", Cookie: `session=${session}` },
    body: JSON.stringify({ name, email: "demo@example.com", healthyLifestyle: true }),
  });
  return session;
}

/** Fills the customer's cart in the locality: two dishes of an open restaurant, at its centre. */
async function fillCart(session, locality) {
  const cookie = { ...headers, Cookie: `session=${session}`, "Content-Type": "application/json" };
  const place = (await json("/public/localities")).find((l) => l.code === locality);
  const created = await fetch(`${base}/api/carts`, {
    method: "POST",
    headers: cookie,
    body: JSON.stringify({ localityCode: locality, location: place.center }),
  });
  const { cartId } = await created.json();
  const vendors = await json(`/public/localities/${locality}/vendors?size=30`);
  for (const vendor of vendors.content.filter((v) => v.working && v.vendorType === "RESTAURANT")) {
    const catalogue = await json(`/vendors/${vendor.id}/catalogue`);
    const dishes = catalogue.sections
      .flatMap((s) => s.products)
      .filter((p) => p.available && p.componentGroups.length === 0)
      .slice(0, 2);
    if (dishes.length < 2) continue;
    for (const [index, dish] of dishes.entries())
      await fetch(`${base}/api/carts/${cartId}/products`, {
        method: "POST",
        headers: cookie,
        body: JSON.stringify({ vendorId: vendor.id, productId: dish.id, count: index + 2 }),
      });
    return cartId;
  }
}

/** Fills a cart and places it as an order; answers the order's id. */
async function placeOrder(session, locality, paymentType) {
  const cookie = { ...headers, Cookie: `session=${session}`, "Content-Type": "application/json" };
  const cartId = await fillCart(session, locality);
  await fetch(`${base}/api/carts/${cartId}`, {
    method: "PUT",
    headers: cookie,
    body: JSON.stringify({ paymentType }),
  });
  const placed = await fetch(`${base}/api/customer/me/orders`, {
    method: "POST",
    headers: cookie,
    body: JSON.stringify({ cartId }),
  });
  return (await placed.json()).id;
}

const only = process.env.ONLY ? new Set(process.env.ONLY.split(",")) : null;
const wanted = (screen) => !only || only.has(screen);

/** Saves an address at the locality's centre for the customer, named as a customer would. */
async function saveAddress(session, locality, name, offset) {
  const place = (await json("/public/localities")).find((l) => l.code === locality);
  const point = { latitude: place.center.latitude + offset, longitude: place.center.longitude };
  const named = await json(`/public/geocoding/reverse?lat=${point.latitude}&lng=${point.longitude}`);
  await fetch(`${base}/api/customer/me/addresses`, {
    method: "POST",
    headers: { ...headers, Cookie: `session=${session}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      name,
      apartmentNumber: "12",
      floor: "3",
      location: {
        ...point,
        formattedAddress: named.formattedAddress,
        addressComponents: named.addressComponents,
      },
    }),
  });
}

/** Marks the locality's first vendors as the customer's favourites. */
async function favourVendors(session, locality, count) {
  const vendors = await json(`/public/localities/${locality}/vendors?size=${count}`);
  for (const vendor of vendors.content)
    await fetch(`${base}/api/customer/me/favourites/vendors/${vendor.id}`, {
      method: "POST",
      headers: { ...headers, Cookie: `session=${session}` },
    });
}

/** Marks a dish of each of the locality's first vendors as a favourite, a discounted one where there is one. */
async function favourProducts(session, locality, count) {
  const vendors = await json(`/public/localities/${locality}/vendors?size=${count}`);
  for (const vendor of vendors.content) {
    const catalogue = await json(`/vendors/${vendor.id}/catalogue`);
    const products = catalogue.sections.flatMap((s) => s.products);
    const product = products.find((p) => p.discount > 0) ?? products[0];
    if (!product) continue;
    await fetch(`${base}/api/customer/me/favourites/products/${product.id}`, {
      method: "POST",
      headers: { ...headers, Cookie: `session=${session}` },
    });
  }
}

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
    "sign-in": `/${locale}/${locality}?modal=AuthModal`,
    address: `/${locale}/${locality}?modal=AuthAddressModal`,
  };
  const accountScreens = {
    profile: `/${locale}/menu/profile`,
    menu: `/${locale}/menu`,
    cart: `/${locale}/${locality}?modal=Cart`,
    checkout: `/${locale}/cart`,
    promocodes: `/${locale}/menu/promocodes`,
    name: `/${locale}/${locality}?modal=AuthNameModal`,
    favorites: `/${locale}/menu/favorites`,
    cards: `/${locale}/menu/cards`,
    reviews: `/${locale}/menu/reviews`,
    languages: `/${locale}/menu/languages`,
    support: `/${locale}/menu/support`,
    about: `/${locale}/menu/about`,
    addresses: `/${locale}/menu/address/address-list`,
    "address-form": `/${locale}/menu/address/address-form`,
    referral: `/${locale}/menu/referral`,
  };
  for (const [size, viewport] of Object.entries(sizes)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale });
    const page = await context.newPage();
    await page.goto(`${base}/${locale}/${locality}?switchLocale=1`);
    for (const [screen, url] of Object.entries(screens)) {
      if (!wanted(screen)) continue;
      await page.goto(`${base}${url}`, { waitUntil: "load" });
      if (["product", "sign-in", "address"].includes(screen)) await page.getByRole("dialog").waitFor();
      if (screen === "address") await page.waitForTimeout(1500);
      await page.evaluate(() => document.fonts.ready);
      const file = path.join(out, `${screen}-${size}-${locale}.png`);
      await page.screenshot({ path: file });
      console.log(path.relative(process.cwd(), file));
    }
    await context.close();
    const signedIn = await browser.newContext({ viewport, deviceScaleFactor: 1, locale });
    const session = await customerSession(locale === "ar" ? "ليلى" : "Anna");
    await fillCart(session, locality);
    // One vendor and two dishes, so both lists of the favourites page fit on its first screen.
    await favourVendors(session, locality, 1);
    await favourProducts(session, locality, 2);
    await saveAddress(session, locality, locale === "ar" ? "المنزل" : "Home", 0);
    await saveAddress(session, locality, locale === "ar" ? "العمل" : "Work", 0.004);
    await signedIn.addCookies([{ name: "session", value: session, url: base }]);
    const account = await signedIn.newPage();
    await account.goto(`${base}/${locale}/${locality}?switchLocale=1`);
    for (const [screen, url] of Object.entries(accountScreens)) {
      if ((screen === "menu" && size === "desktop") || !wanted(screen)) continue;
      await account.goto(`${base}${url}`, { waitUntil: "load" });
      if (screen === "cart" || screen === "name") await account.getByRole("dialog").waitFor();
      if (screen === "address-form") await account.waitForTimeout(1500);
      await account.evaluate(() => document.fonts.ready);
      const file = path.join(out, `${screen}-${size}-${locale}.png`);
      // The account's side bar runs below the fold: those screens are taken whole.
      await account.screenshot({ path: file, fullPage: screen === "menu" || screen === "profile" });
      console.log(path.relative(process.cwd(), file));
    }
    if (size === "desktop" && wanted("address-dropdown")) {
      // The header's dropdown of the saved addresses, opened as a customer would.
      await account.goto(`${base}/${locale}/${locality}`, { waitUntil: "load" });
      await account
        .getByRole("banner")
        .locator('button[popovertarget]:not([popovertarget="locality-picker"])')
        .click();
      await account.getByRole("dialog").waitFor();
      const file = path.join(out, `address-dropdown-${size}-${locale}.png`);
      await account.screenshot({ path: file });
      console.log(path.relative(process.cwd(), file));
    }
    if (!wanted("orders")) {
      await signedIn.close();
      continue;
    }
    // Orders: one followed live, one waiting for its payment, and the history once the first is done.
    const live = await placeOrder(session, locality, "CASH");
    const unpaid = await placeOrder(session, locality, "ONLINE");
    const orderScreens = [
      ["order-status", `/${locale}/menu/orders/${live}/status`],
      ["order-payment", `/${locale}/menu/orders/${unpaid}/payment`],
    ];
    for (const [screen, url] of orderScreens) {
      await account.goto(`${base}${url}`, { waitUntil: "load" });
      await account.evaluate(() => document.fonts.ready);
      const file = path.join(out, `${screen}-${size}-${locale}.png`);
      await account.screenshot({ path: file, fullPage: true });
      console.log(path.relative(process.cwd(), file));
    }
    await account.goto(`${base}/${locale}/menu/orders/${live}/details`);
    await account.getByText(/./).first().waitFor();
    for (let i = 0; i < 60 && !account.url().endsWith("/details"); i++) {
      await account.waitForTimeout(1000);
      await account.goto(`${base}/${locale}/menu/orders/${live}/details`);
    }
    for (const [screen, url] of [
      ["order-details", `/${locale}/menu/orders/${live}/details`],
      ["orders", `/${locale}/menu/orders`],
    ]) {
      await account.goto(`${base}${url}`, { waitUntil: "load" });
      await account.evaluate(() => document.fonts.ready);
      const file = path.join(out, `${screen}-${size}-${locale}.png`);
      await account.screenshot({ path: file, fullPage: true });
      console.log(path.relative(process.cwd(), file));
    }
    await signedIn.close();
  }
}
await browser.close();
