import type { Browser, Page } from "@playwright/test";
import { fcm, firebase, port, stripe, superAdminKey } from "../server-data.ts";
import { consoleStaff } from "./console-staff.ts";
import { expect, test } from "./fixtures.ts";
import { screenshot } from "./screenshots.ts";

/**
 * The demo's second brand, Verde, on its own host of the same server: its owner changes its brand
 * and footer in its console, and its storefront shows them on the next page, while the demo's
 * storefront on the other host stays as it was. (Desktop only: one browser changes Verde's brand.)
 */
const VERDE = `http://verde.localhost:${port}`;

/** The colour the storefront's layout gives the partner's brand (`--brand`). */
const brandOf = (page: Page) =>
  page.evaluate(() => {
    const themed = document.querySelector<HTMLElement>('[style*="--brand"]');
    return themed ? themed.style.getPropertyValue("--brand") : null;
  });

/** Verde's owner, signed in to Verde's console at a counter's tablet, upright. */
async function verdeOwner(browser: Browser, locale = "en"): Promise<Page> {
  const owner = await consoleStaff(browser, {
    baseURL: VERDE,
    viewport: { width: 820, height: 1180 },
    email: "owner@verde.example",
    locale,
  });
  await expect(owner.getByText("Verde Demo")).toBeVisible();
  return owner;
}

test("Verde's owner changes its colour, logo and footer in its console and Verde's storefront shows them", async ({
  page,
  browser,
}) => {
  // Each host is its own brand: Verde's Lisbon on its host, the demo's Riga on the other.
  await page.goto(`${VERDE}/en/lisboa`);
  await expect(page.getByRole("link", { name: /Verde/ }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Pizzaria do Tejo/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Sushi Sakura/ })).toHaveCount(0);
  expect(await brandOf(page)).toBe("#15803d");

  const owner = await verdeOwner(browser);
  await owner.getByRole("link", { name: "Brand", exact: true }).click();
  await expect(owner.getByRole("heading", { name: "Brand and footer" })).toBeVisible();

  // A pale colour is refused: the console says so before and after trying to save it.
  const colour = owner.getByLabel("Brand colour");
  await colour.fill("#ffe066");
  await expect(owner.getByRole("alert").filter({ hasText: "Too light to read" })).toBeVisible();
  await owner.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByText("This colour is too light to read. Choose a darker one.")).toBeVisible();
  await colour.fill("#7c3aed");
  await expect(owner.getByText(/^Contrast \d+\.\d\d:1/)).toBeVisible();

  // A logo, as a designer's export (a picture this server already has), chosen for the header.
  const logo = await (await page.request.get("/api/partners/verde/icon-512.png")).body();
  await owner
    .getByLabel("Logo of Verde")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await expect(owner.getByText("Saved: customers see it now.")).toBeVisible();
  await owner.getByLabel("The uploaded logo").check();
  await owner.getByLabel("Official name").fill("Verde Lisboa, Lda.");
  await owner.getByLabel("Support e-mail").fill("ola@verde.example");
  await owner.getByLabel("Terms of use").fill("https://verde.example/termos");
  // The storefront has just read (and cached) the brand as it was.
  await page.reload();
  expect(await brandOf(page)).toBe("#15803d");
  await owner.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByRole("status").last()).toHaveText("Saved: customers see it now.");
  await owner.evaluate(() => window.scrollTo(0, 0));
  await screenshot(owner, "console/brand-tablet-en", { fullPage: true });
  await owner.goto("/console/ar/brand");
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText(/.+/);
  await expect(owner.locator("html")).toHaveAttribute("dir", "rtl");
  await screenshot(owner, "console/brand-tablet-ar", { fullPage: true });

  // Verde's storefront on its next page: the new colour, the logo in the header, the new footer,
  // and an icon drawn from the new brand.
  await page.reload();
  expect(await brandOf(page)).toBe("#7c3aed");
  const home = page.getByRole("link", { name: /Verde/ }).first();
  await expect(home.locator('img[src*="/api/media/brand/logo-"]')).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText("Verde Lisboa, Lda.")).toBeVisible();
  await expect(footer.getByText("ola@verde.example")).toBeVisible();
  await expect(footer.getByRole("link", { name: "Terms of use" })).toBeVisible();
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
    "href",
    /\/api\/partners\/verde\/icon-192\.png\?v=\w+/,
  );
  await screenshot(page, "verde-rebranded-desktop-en", { fullPage: true });

  // The demo's storefront on its own host is untouched.
  await page.goto("/en/riga");
  expect(await brandOf(page)).toBe("#f97316");
  await expect(page.getByRole("contentinfo").getByText("Dostavka Demo SIA")).toBeVisible();
  await owner.context().close();
});

test("Verde's owner rewrites its about page with a heading and a list, and Verde's storefront shows it", async ({
  page,
  browser,
}) => {
  // The customer has read the page before: the storefront has it cached.
  await page.goto(`${VERDE}/en/cms/about`);
  await expect(page.getByRole("heading", { name: "About Verde", level: 1 })).toBeVisible();
  // On desktop a content page has the header alone: no footer under it.
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByText("neighbourhood kitchens")).toBeVisible();

  const owner = await verdeOwner(browser);
  await owner.getByRole("link", { name: "Pages", exact: true }).click();
  await owner.getByRole("link", { name: "Edit About Verde" }).click();
  await expect(owner.getByRole("main").getByLabel("Language")).toHaveValue("en");
  await owner.getByLabel("Title").fill("About Verde Lisboa");

  const text = owner.getByRole("textbox", { name: "Text" });
  await text.click();
  await owner.keyboard.press("ControlOrMeta+A");
  await owner.keyboard.press("Delete");
  const toolbar = owner.getByRole("toolbar", { name: "Formatting" });
  await toolbar.getByRole("button", { name: "Heading", exact: true }).click();
  await expect(toolbar.getByRole("button", { name: "Heading", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await owner.keyboard.type("Where we deliver");
  await owner.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Bulleted list" }).click();
  // Typed once the editor has the list (and the focus) back, or its first letter goes astray.
  await expect(toolbar.getByRole("button", { name: "Bulleted list" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await owner.keyboard.type("Alfama and Baixa");
  await owner.keyboard.press("Enter");
  await owner.keyboard.type("Belém, every morning");
  await owner.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByRole("status")).toHaveText("Saved: customers see it now.");
  await screenshot(owner, "console/page-editor-tablet-en", { fullPage: true });

  // The Portuguese text is its own, untouched by the English one.
  await owner.getByRole("main").getByLabel("Language").selectOption("pt");
  await expect(text).toContainText("cozinhas, pastelarias e mercearias");

  await page.reload();
  await expect(page.getByRole("heading", { name: "About Verde Lisboa", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Where we deliver", level: 2 })).toBeVisible();
  await expect(page.getByRole("article").getByRole("listitem")).toHaveText([
    "Alfama and Baixa",
    "Belém, every morning",
  ]);
  await expect(page.getByText("neighbourhood kitchens")).toHaveCount(0);
  await screenshot(page, "verde-about-desktop-en", { fullPage: true });
  await owner.context().close();
});

test("Verde's owner sets Lisbon's smallest order, takeaway and tips in the console, Verde's vendors ask that minimum, and a second city opens", async ({
  page,
  browser,
}) => {
  await page.goto(`${VERDE}/en/lisboa`);
  await page.getByRole("link", { name: /Pizzaria do Tejo/ }).click();
  await expect(page.getByText("Minimum order").first()).toBeVisible();
  await expect(page.getByText("€23.45")).toHaveCount(0);

  const owner = await verdeOwner(browser);
  await owner.getByRole("link", { name: "Cities", exact: true }).click();
  await expect(owner.getByRole("heading", { name: "Cities", level: 1 })).toBeVisible();
  await owner.getByLabel("Smallest order (EUR)").fill("23.45");
  await owner.getByRole("checkbox", { name: "Takeaway" }).check();
  await owner.getByRole("checkbox", { name: "Customers may add a tip" }).check();
  await owner.getByLabel("Largest tip (EUR)").fill("5");
  await owner.getByLabel("Tips in steps of (EUR)").fill("0.5");
  // Lisbon's couriers ride scooters; a speed no courier rides in town is refused at its field.
  const speed = owner.getByLabel("Couriers' average speed (km/h)");
  await expect(speed).toHaveValue("18");
  await speed.fill("200");
  await owner.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByRole("alert")).toHaveText(
    "The settings could not be saved: check the field marked in red.",
  );
  await expect(speed).toHaveAttribute("aria-invalid", "true");
  await speed.fill("24");
  // A tip offered over the largest one is refused, and the console says which.
  await owner.getByLabel("Tip offered 1", { exact: true }).fill("10");
  await owner.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByRole("alert")).toHaveText("A tip offered is more than the largest tip.");
  await expect(owner.getByLabel("Tip offered 1", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await owner.getByLabel("Tip offered 1", { exact: true }).fill("1.5");
  await owner.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByRole("status").last()).toHaveText(
    "Saved: customers of this city order with these settings from now on.",
  );
  await expect(owner.getByLabel("Smallest order (EUR)")).toHaveValue("23.45");
  await expect(speed).toHaveValue("24");
  await owner.evaluate(() => window.scrollTo(0, 0));
  await screenshot(owner, "console/cities-tablet-en", { fullPage: true });
  await owner.goto("/console/ar/cities");
  await expect(owner.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText(/.+/);
  await screenshot(owner, "console/cities-tablet-ar", { fullPage: true });

  // The storefront's next page: the vendor asks the city's minimum, as its cart will.
  await page.reload();
  await expect(page.getByText("€23.45", { exact: true })).toBeVisible();

  // A second city, Porto: its settings open, and its storefront is there, empty until vendors come.
  await owner.goto("/console/en/cities");
  await owner.getByText("Add a city").click();
  await owner.getByLabel("City name").fill("Porto");
  await owner.getByLabel("City code").fill("lisboa");
  await owner.getByLabel("Time zone").fill("Europe/Lisbon");
  await owner.getByLabel("Currency", { exact: true }).last().fill("EUR");
  await owner.getByLabel("Country code").fill("PT");
  await owner.getByLabel("Latitude of the centre").fill("41.1579");
  await owner.getByLabel("Longitude of the centre").fill("-8.6291");
  await owner.getByRole("button", { name: "Add the city" }).click();
  await expect(owner.getByRole("alert")).toHaveText("This partner has a city of this code already.");
  await owner.getByLabel("City code").fill("porto");
  await owner.getByRole("button", { name: "Add the city" }).click();
  await expect(owner.getByRole("combobox", { name: "City", exact: true })).toHaveValue("porto");
  await expect(owner.getByRole("link", { name: "Delivery zone of Porto" })).toBeVisible();
  await page.goto(`${VERDE}/en/porto`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Porto");
  await owner.context().close();
});

test("the deployment's operator onboards a partner on its own host from the super-admin page, then suspends and resumes it", async ({
  page,
  browser,
}) => {
  const operator = await (
    await browser.newContext({ viewport: { width: 820, height: 1180 }, locale: "en" })
  ).newPage();
  await operator.goto("/console/en/sign-in");
  await operator.getByRole("link", { name: "Operator of this deployment? Manage its partners" }).click();
  await operator.getByLabel("Super-admin key").fill("a-key-that-opens-nothing-0123456789");
  await operator.getByRole("button", { name: "Open" }).click();
  await expect(operator.getByRole("alert")).toHaveText("That key does not open this deployment.");
  await operator.getByLabel("Super-admin key").fill(superAdminKey);
  await operator.getByRole("button", { name: "Open" }).click();
  await expect(
    operator.getByRole("heading", { name: "Partners of this deployment", level: 1 }),
  ).toBeVisible();
  const partners = operator.getByRole("table");
  await expect(partners.getByRole("rowheader", { name: /Dostavka Demo/ })).toBeVisible();
  await expect(partners.getByRole("rowheader", { name: /Verde Demo/ })).toBeVisible();

  // A new brand with its domain, its first city and its owner; Verde's domain is taken.
  await operator.getByLabel("Name", { exact: true }).fill("Baltic Bites");
  await operator.getByLabel("Code", { exact: true }).fill("baltic-bites");
  await operator.getByLabel("Domain of its storefront").fill("verde.localhost");
  await operator.getByLabel("Support e-mail").fill("help@baltic.example");
  await operator.getByLabel("Support phone").fill("+37060000000");
  await operator.getByLabel("City name").fill("Vilnius");
  await operator.getByLabel("City code").fill("vilnius");
  await operator.getByLabel("Time zone").fill("Europe/Vilnius");
  await operator.getByLabel("Currency").fill("EUR");
  await operator.getByLabel("Country code").fill("LT");
  await operator.getByLabel("Latitude of the centre").fill("54.6872");
  await operator.getByLabel("Longitude of the centre").fill("25.2797");
  await operator.getByLabel("Owner's name").fill("Rūta Kazlauskienė");
  await operator.getByLabel("Owner's e-mail").fill("owner@baltic.example");
  await operator.getByRole("button", { name: "Create the partner" }).click();
  await expect(operator.getByRole("alert")).toHaveText("This domain serves another partner.");
  await expect(operator.getByLabel("Domain of its storefront")).toHaveAttribute("aria-invalid", "true");
  await operator.getByLabel("Domain of its storefront").fill("baltic.localhost");
  await operator.getByRole("button", { name: "Create the partner" }).click();
  await expect(operator.getByRole("status")).toContainText("Baltic Bites is made");
  const baltic = `http://baltic.localhost:${port}`;
  await expect(partners.getByRole("link", { name: `baltic.localhost:${port}` })).toHaveAttribute(
    "href",
    baltic,
  );
  await operator.evaluate(() => window.scrollTo(0, 0));
  await screenshot(operator, "console/admin-tablet-en", { fullPage: true });

  // Its storefront answers on its host at once: its name, its city, no vendors yet.
  await page.goto(`${baltic}/en/vilnius`);
  await expect(page.getByRole("link", { name: /Baltic Bites/ }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Pizzaria do Tejo|Sushi Sakura/ })).toHaveCount(0);

  // Suspended: its storefront says the service is paused; resumed: it is back.
  operator.once("dialog", (dialog) => dialog.accept());
  await operator.getByRole("button", { name: "Suspend Baltic Bites" }).click();
  await expect(operator.getByRole("status")).toHaveText("Baltic Bites is suspended.");
  await expect(partners.getByRole("row", { name: /^Baltic Bites/ })).toContainText("Suspended");
  await page.reload();
  await expect(page.getByRole("heading", { name: "This service is paused" })).toBeVisible();
  await screenshot(page, "partner-paused-desktop-en");
  operator.once("dialog", (dialog) => dialog.accept());
  await operator.getByRole("button", { name: "Resume Baltic Bites" }).click();
  await expect(operator.getByRole("status")).toHaveText("Baltic Bites is active again.");
  await page.reload();
  await expect(page.getByRole("link", { name: /Baltic Bites/ }).first()).toBeVisible();

  // Its customers sign in with Firebase in Vilnius, then with the deployment's codes again. (Baltic
  // Bites, no other spec's: firebase-sign-in.spec.ts sets Verde's and may run meanwhile.)
  const vilniusSignIn = async () => {
    const answer = await page.request.get("/api/public/localities/vilnius/params", {
      headers: { "X-Partner-Code": "baltic-bites" },
    });
    return (await answer.json()).customerAuthOtpProvider;
  };
  const signIn = operator.getByRole("region", { name: "Phone sign-in of Baltic Bites" });
  await expect(signIn).toContainText("sign in with the deployment's own SMS codes in every city");
  await signIn.getByText("Use Firebase sign-in").click();
  await signIn.getByLabel("Project ID").fill(firebase.projectId);
  await signIn.getByLabel("Web API key").fill("AIzaSyStorefrontBrowserTestsWebKey01");
  await signIn.getByLabel("Auth domain").fill(`${firebase.projectId}.firebaseapp.com`);
  // No city ticked: the API's refusal is told beside the cities.
  await signIn.getByRole("button", { name: "Save the Firebase sign-in" }).click();
  await expect(
    signIn.getByRole("group", { name: "Cities whose customers sign in with Firebase" }),
  ).toContainText("Tick at least one of the partner's cities.");
  await screenshot(signIn, "console/admin-firebase-tablet-en");
  await signIn.getByRole("checkbox", { name: "Vilnius" }).check();
  await signIn.getByRole("button", { name: "Save the Firebase sign-in" }).click();
  await expect(operator.getByRole("status")).toHaveText(
    "Saved: customers of Baltic Bites sign in as marked above from their next page.",
  );
  await expect(signIn.getByRole("listitem")).toHaveText(["Vilnius: Firebase"]);
  expect(await vilniusSignIn()).toBe("FIREBASE");
  operator.once("dialog", (dialog) => dialog.accept());
  await signIn.getByRole("button", { name: "Back to SMS codes everywhere" }).click();
  await expect(operator.getByRole("status")).toHaveText(
    "Every city of Baltic Bites is back on the deployment's own SMS codes.",
  );
  await expect(signIn.getByRole("listitem")).toHaveCount(0);
  expect(await vilniusSignIn()).toBe("INTERNAL");

  await operator.goto("/console/ar/admin");
  await expect(operator.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(operator.getByRole("table")).toBeVisible();
  await screenshot(operator, "console/admin-tablet-ar", { fullPage: true });
  // The sign-in section in Arabic, named after the partner; its form opened, right to left, with the
  // project's settings left to right.
  const signInAr = operator.getByRole("region", { name: /^تسجيل الدخول بالهاتف لدى\W*Baltic Bites/ });
  await signInAr
    .getByText(/Firebase/)
    .first()
    .click();
  await expect(signInAr.getByRole("checkbox", { name: "Vilnius" })).toBeVisible();
  await screenshot(signInAr, "console/admin-firebase-tablet-ar");
  await operator.context().close();
});

test("Verde's owner adds a banner to Lisbon's home page from a picture, and it opens the vendor it names", async ({
  page,
  browser,
}) => {
  const owner = await verdeOwner(browser);
  await owner.getByRole("link", { name: "Banners", exact: true }).click();
  await expect(owner.getByRole("heading", { name: "Banners", level: 1 })).toBeVisible();
  const before = await owner.getByRole("listitem").count();
  const picture = await (await page.request.get("/api/partners/verde/social-preview.png")).body();
  await owner
    .getByLabel("Add a banner from a picture")
    .setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: picture });
  // The new banner comes last, hidden and untitled.
  const banner = owner.getByRole("listitem").filter({ hasText: "(no title yet)" });
  await expect(banner).toBeVisible();
  await expect(owner.getByRole("listitem")).toHaveCount(before + 1);

  // Shown without a title: refused, and the console says why.
  await banner.getByRole("checkbox", { name: "Shown on the home page" }).check();
  await banner.getByRole("button", { name: "Save" }).click();
  await expect(banner.getByRole("alert")).toHaveText(
    "A shown banner needs a title in at least one language.",
  );
  await banner.getByLabel("Title (English)").fill("Pastéis de nata, warm all morning");
  await banner.getByRole("radio", { name: "A vendor" }).check();
  await banner.getByLabel("The vendor it opens").selectOption({ label: "Pizzaria do Tejo" });
  await banner.getByLabel("Place (smaller first)").fill("0");
  await banner.getByRole("button", { name: "Save" }).click();
  // Saved, it is named by its title and takes its place first.
  const written = owner.getByRole("listitem").first();
  await expect(written.getByRole("heading", { name: "Pastéis de nata, warm all morning" })).toBeVisible();
  await expect(written.getByRole("status")).toHaveText("Saved: customers see it now.");
  await screenshot(owner, "console/banners-tablet-en", { fullPage: true });
  await owner.goto("/console/ar/banners");
  await expect(owner.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(owner.getByRole("listitem").first().locator("img")).toBeVisible();
  await screenshot(owner, "console/banners-tablet-ar", { fullPage: true });

  await page.goto(`${VERDE}/en/lisboa`);
  const shown = page.getByRole("link", { name: "Pastéis de nata, warm all morning" });
  await expect(shown).toBeVisible();
  await shown.click();
  await expect(page.getByRole("heading", { name: "Pizzaria do Tejo", level: 1 })).toBeVisible();
  await owner.context().close();
});

test("Verde's owner adds a category with its icon to Lisbon, lists a vendor under it, and the storefront's quick row filters by it", async ({
  page,
  browser,
}) => {
  await page.goto(`${VERDE}/en/lisboa`);
  const href = await page.getByRole("link", { name: /Pizzaria do Tejo/ }).getAttribute("href");
  const vendorId = /\/vendor\/(\d+)/.exec(href ?? "")?.[1];
  await expect(page.getByRole("list", { name: "Popular categories" }).getByText("Custard tarts")).toHaveCount(
    0,
  );

  const owner = await verdeOwner(browser);
  await owner.getByRole("link", { name: "Cities", exact: true }).click();
  await owner.getByRole("link", { name: "Categories of Lisbon" }).click();
  await expect(owner.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
  const adding = owner.getByRole("region", { name: "A new category" });
  await adding.getByRole("button", { name: "Add the category" }).click();
  await expect(adding.getByRole("alert")).toHaveText("A category needs a name in at least one language.");
  await adding.getByLabel("Name (English)").fill("Custard tarts");
  await adding.getByRole("checkbox", { name: "Also in the quick row above the list" }).check();
  await adding.getByRole("button", { name: "Add the category" }).click();
  const item = owner
    .getByRole("listitem")
    .filter({ has: owner.getByRole("heading", { name: "Custard tarts", exact: true }) });
  await expect(item).toContainText("0 vendors");
  const icon = await (await page.request.get("/api/partners/verde/icon-192.png")).body();
  await item
    .getByLabel("Icon of Custard tarts")
    .setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: icon });
  await expect(item.getByText("Photo saved: customers see it now.")).toBeVisible();
  await screenshot(owner, "console/categories-tablet-en", { fullPage: true });
  await owner.goto("/console/ar/categories");
  await expect(owner.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText(/.+/);
  await screenshot(owner, "console/categories-tablet-ar", { fullPage: true });

  // Listed under it on the vendor's own page.
  await owner.goto(`/console/en/vendors/${vendorId}`);
  await owner.getByRole("checkbox", { name: "Custard tarts" }).check();
  await owner.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByRole("status")).toHaveText("Saved: customers see it now.");

  await page.reload();
  const quick = page
    .getByRole("list", { name: "Popular categories" })
    .getByRole("link", { name: "Custard tarts" });
  await expect(quick.locator("img")).toBeVisible();
  await quick.click();
  await expect(page.getByRole("link", { name: /Pizzaria do Tejo/ })).toBeVisible();
  await expect(page.getByText("1 place")).toBeVisible();
  await owner.context().close();
});

test("the deployment's operator gives a partner its own Stripe account on the super-admin page, and takes it back", async ({
  browser,
}) => {
  // On the storefront that takes cards through Stripe (stripe.spec.ts), where partners may have keys.
  const operator = await (
    await browser.newContext({
      baseURL: stripe.shopUrl,
      viewport: { width: 1280, height: 800 },
      locale: "en",
    })
  ).newPage();
  await operator.goto("/console/en/sign-in");
  await operator.getByRole("link", { name: "Operator of this deployment? Manage its partners" }).click();
  await operator.getByLabel("Super-admin key").fill(superAdminKey);
  await operator.getByRole("button", { name: "Open" }).click();
  const demo = operator.getByRole("region", { name: "Card payments of Dostavka Demo" });
  await expect(demo).toContainText("The deployment's: Stripe");
  await expect(demo).toContainText("Baghdad (IQD) stays cash only: Stripe does not take its currency.");

  const verde = operator.getByRole("region", { name: "Card payments of Verde Demo" });
  await verde.getByText("Use its own Stripe account").click();
  await verde.getByLabel("Stripe secret key").fill(stripe.partnerSecretKey);
  await verde.getByLabel("Webhook signing secret").fill("whsec_verde_own_account");
  await verde.getByRole("button", { name: "Save its Stripe account" }).click();
  await expect(operator.getByRole("status")).toHaveText(
    "Verde Demo takes cards on its own Stripe account from now on.",
  );
  await expect(verde).toContainText("Its own Stripe account, key …7788");
  // The keys are never shown again.
  await expect(operator.getByText(stripe.partnerSecretKey)).toHaveCount(0);

  operator.once("dialog", (dialog) => dialog.accept());
  await verde.getByRole("button", { name: "Back to the deployment's processor" }).click();
  await expect(operator.getByRole("status")).toHaveText(
    "Verde Demo is back on the deployment's card processor.",
  );
  await expect(verde).toContainText("The deployment's: Stripe");

  // Verde's own app: its pushes from its own Firebase project, whose key Google (a stand-in) checks.
  const pushes = operator.getByRole("region", { name: "Native pushes of Verde Demo" });
  await expect(pushes).toContainText("Kept in the demo's outbox: the deployment has no Firebase account.");
  await pushes.getByText("Use its own Firebase project (its own app)").click();
  const keyFile = pushes.getByLabel("Service account key (JSON)");
  await keyFile.fill('{"project_id": "verde-app-e2e"}');
  await pushes.getByRole("button", { name: "Save the key" }).click();
  await expect(pushes.getByRole("alert")).toHaveText(
    "Google does not take this key: paste the whole JSON file of a service account key, or make a new key.",
  );
  await expect(keyFile).toHaveAttribute("aria-invalid", "true");
  await operator.setViewportSize({ width: 820, height: 1180 });
  await screenshot(pushes, "console/admin-push-tablet-en");
  // As Firebase's console gives it: "Generate new private key".
  const key = await (await operator.request.post(`${fcm.url}/stand-in/projects/verde-app-e2e/keys`)).text();
  await keyFile.fill(key);
  await pushes.getByRole("button", { name: "Save the key" }).click();
  await expect(operator.getByRole("status")).toHaveText(
    "Verde Demo sends its pushes from its own Firebase project from now on, to the phones with its app.",
  );
  await expect(pushes).toContainText(
    "Sent from its own Firebase project verde-app-e2e, as push@verde-app-e2e.iam.gserviceaccount.com.",
  );
  // The key is never shown again.
  await expect(operator.getByText(/PRIVATE KEY/)).toHaveCount(0);

  await operator.goto("/console/ar/admin");
  const pushesAr = operator.getByRole("region", { name: /^الإشعارات الفورية للتطبيق لدى\W*Verde Demo/ });
  await expect(pushesAr).toContainText("verde-app-e2e");
  await screenshot(pushesAr, "console/admin-push-tablet-ar");
  await operator.goto("/console/en/admin");

  operator.once("dialog", (dialog) => dialog.accept());
  await pushes.getByRole("button", { name: "Back to the deployment's pushes" }).click();
  await expect(operator.getByRole("status")).toHaveText("Verde Demo is back on the deployment's pushes.");
  await expect(pushes).toContainText("Kept in the demo's outbox: the deployment has no Firebase account.");
  await operator.context().close();
});
