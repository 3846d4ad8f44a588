import { createECDH, randomBytes } from "node:crypto";
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { consoleEndpoints, courierEndpoints, devEndpoints, endpoints } from "@storefront/domain/contract";
import { demoSecrets, fcm } from "../server-data.ts";
import { apiHeaders, placeOrderIn, signInQuickly, vendorCartInBrowser } from "./api-orders.ts";
import { consoleApiAs, consoleStaff } from "./console-staff.ts";
import { expect, onlyAtWidth, test } from "./fixtures.ts";
import { expectFocusRing, pressUntilFocused } from "./keyboard.ts";
import { orderableNow } from "./orderable.ts";
import { expectLeftToRight } from "./reading-order.ts";
import { ADDRESS, openRestaurant } from "./restaurants.ts";
import { screenshot } from "./screenshots.ts";
import { isolated } from "./words.ts";

/**
 * The partner console at a tablet's and a desktop's width: staff take the orders of Комора 24, the
 * Kyiv store the demo gives a vendor staff account (the simulator leaves its orders to them), while
 * the customer watches their order's status page in another browser.
 */

/** Phone ranges of customer.ts: 82 at the tablet's width, 83 at the desktop's. */
const range = (info: TestInfo) => (info.project.name === "tablet" ? 82 : 83);

/** The Kyiv store the demo gives a vendor staff account. */
const STORE = "Комора 24";

/** A cash order of the store's dearest plain item (enough for its minimum), placed through the API. */
const orderFromTheStore = (page: Page) => placeOrderIn(page, "kyiv", { vendor: STORE });

/** The console's texts in a language, as its catalogue has them. */
function texts(locale: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(`../apps/console/locales/${locale}.json`, "utf8"));
}

/** A staff member signed in to the console in a browser of their own, on the order board. */
function consoleOf(browser: Browser, info: TestInfo, email: string, locale = "en"): Promise<Page> {
  return consoleStaff(browser, {
    baseURL: info.project.use.baseURL as string,
    viewport: info.project.use.viewport ?? null,
    email,
    locale,
  });
}

test("a new order reaches the open board live, and the customer sees the vendor's answer at once", async ({
  page,
  browser,
}, info) => {
  const staff = await consoleOf(browser, info, "vendor@dostavka.example");
  await expect(staff.getByRole("heading", { name: "Orders" })).toBeVisible();

  await signInQuickly(page, range(info));
  // The customer's browser took the order's news on a push service that has forgotten it since (a
  // stand-in's address that answers 404): the push of the vendor's answer fails at once.
  const browserKeys = createECDH("prime256v1");
  const webPush = endpoints.customer.webPush("PUT");
  const subscribed = await page.request.put(`/api${webPush.path}`, {
    headers: apiHeaders,
    data: {
      endpoint: `${fcm.url}/web-push/a-forgotten-subscription`,
      keys: { p256dh: browserKeys.generateKeys("base64url"), auth: randomBytes(16).toString("base64url") },
    },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(204);
  const order = await orderFromTheStore(page);
  await page.goto(`/en/menu/orders/${order.id}/status`);
  await expect(page.getByRole("status")).toHaveText("Waiting for the restaurant to accept");

  // No reload: the board hears of the order, counts it as waiting, and lists it.
  const card = staff.getByRole("link", { name: new RegExp(`Order #${order.id}\\b`) });
  await expect(card).toBeVisible();
  await expect(staff.getByRole("navigation").getByText(/orders? waits? for an answer/)).toBeVisible();
  // The browser's tab counts it too, before the open screen's name.
  await expect(staff).toHaveTitle(/^\(\d+\) Orders — Dostavka Demo$/);
  await card.click();
  await expect(staff).toHaveTitle(new RegExp(`^(\\(\\d+\\) )?Order #${order.id} — Dostavka Demo$`));
  await staff.getByText("15 min").click();
  await staff.getByRole("button", { name: "Accept order" }).click();

  await expect(page.getByRole("status")).toHaveText("Preparing");
  const history = staff.getByRole("region", { name: "Status history" });
  await expect(history).toContainText("Accepted");
  await expect(history).toContainText("Oksana Melnyk");
  await expect(staff.getByText("15 min")).toBeVisible();

  await staff.getByRole("button", { name: "Start preparing" }).click();
  await expect(staff.getByRole("button", { name: "Ready for pick-up" })).toBeVisible();
  // The order's page tells the staff which messages the customer did not get, and why.
  await expect(staff.getByRole("region", { name: "Messages the customer did not get" })).toContainText(
    "Browser notification",
  );
  await expect(staff.getByRole("region", { name: "Messages the customer did not get" })).toContainText(
    "the push service says the subscription is gone (404)",
  );
  if (info.project.name === "tablet") await screenshot(staff, "console/order-tablet-en", { fullPage: true });
  await staff.context().close();
});

test("a dispatcher adds a courier, assigns them, the customer sees the courier's name, and the dispatcher follows the courier on the map", async ({
  page,
  browser,
}, info) => {
  // Three people in three browsers, and a round of moves: longer than one shopper's test.
  test.setTimeout(120_000);
  await signInQuickly(page, range(info));
  const order = await orderFromTheStore(page);
  await page.goto(`/en/menu/orders/${order.id}/status`);

  const dispatcher = await consoleOf(browser, info, "dispatch@dostavka.example");
  // A new courier joins: the dispatcher adds them to the partner's list (a number of this run's own).
  const courier = `Olena Kovalenko ${info.project.name === "tablet" ? "T" : "D"}${Date.now().toString(36).slice(-3)}`;
  await dispatcher.getByRole("link", { name: "Couriers" }).click();
  const newCourier = dispatcher.getByRole("form", { name: "New courier" });
  await newCourier.getByLabel("Name").fill(courier);
  await newCourier.getByLabel("Phone").fill("12");
  await newCourier.getByRole("button", { name: "Add the courier" }).click();
  await expect(newCourier.getByRole("alert")).toHaveText(/valid phone number with its country code/);
  // A Latvian mobile number of this run's own (26… is a mobile range; some 2x… ranges are not).
  await newCourier.getByLabel("Phone").fill(`+371 26${String(Date.now()).slice(-6)}`);
  await newCourier.getByRole("button", { name: "Add the courier" }).click();
  await expect(newCourier.getByRole("status")).toHaveText(`${courier} added: offered for orders now.`);
  await expect(dispatcher.getByRole("list", { name: "The partner's couriers" })).toContainText(courier);

  await dispatcher.getByRole("link", { name: /^Orders\b/ }).click();
  await dispatcher.getByRole("link", { name: new RegExp(`Order #${order.id}\\b`) }).click();
  // A dispatcher does not cook: no kitchen moves for them.
  await expect(dispatcher.getByRole("button", { name: "Accept order" })).toHaveCount(0);
  await dispatcher.getByLabel("Courier").selectOption({ label: courier });
  await dispatcher.getByRole("button", { name: "Assign courier" }).click();

  await expect(page.getByText(`Your courier: ${courier}`)).toBeVisible();
  await expect(dispatcher.getByRole("button", { name: "Change courier" })).toBeVisible();

  // The dispatcher follows the courier on the map of Kyiv once the courier's phone reports a place.
  await dispatcher.getByRole("link", { name: "Couriers" }).click();
  await dispatcher.getByLabel("City").selectOption("kyiv");
  const onTheWay = dispatcher
    .getByRole("list", { name: /on the way/ })
    .getByRole("listitem")
    .filter({
      hasText: `Order #${order.id} from ${STORE}`,
    });
  await expect(onTheWay).toContainText(courier);
  await expect(onTheWay).toContainText("place not known yet");
  // The kitchen's and the courier's moves up to the road, through the ops API as their devices make them.
  const dispatchKey = { ...apiHeaders, "X-Api-Key": demoSecrets().opsKeys.dispatch };
  for (const move of ["accept", "preparing", "ready", "on-delivery"]) {
    const moved = await page.request.post(`/api/ops/orders/${order.id}/${move}`, { headers: dispatchKey });
    expect(moved.status(), `${move}: ${await moved.text()}`).toBe(200);
  }
  const reported = await page.request.post(`/api/ops/orders/${order.id}/courier-location`, {
    headers: dispatchKey,
    data: { latitude: 50.455, longitude: 30.49 },
  });
  expect(reported.status(), await reported.text()).toBe(200);
  // On its way: the customer's page, live, shows the code to tell the courier at the door.
  const code = page.getByText("Tell the courier this code at the door:").locator("..");
  await expect(code).toHaveText(/Tell the courier this code at the door:\s*\d{4}$/);
  // The screen reads the places again by itself.
  await expect(dispatcher.getByRole("button", { name: `${courier}, order #${order.id}` })).toBeVisible({
    timeout: 20_000,
  });
  await expect(onTheWay).not.toContainText("place not known yet");
  // The kitchen's and the door's marks are pictures, not buttons: the keyboard meets no unnamed one.
  const unnamed = await new AxeBuilder({ page: dispatcher }).withRules(["aria-command-name"]).analyze();
  expect(unnamed.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
  // The map's credit links are underlined, told apart from its text by more than their colour.
  await expect(dispatcher.getByRole("link", { name: "Leaflet" })).toHaveCSS(
    "text-decoration-line",
    "underline",
  );
  if (info.project.name === "tablet") await screenshot(dispatcher, "console/couriers-tablet-en");

  // Delivered, paid in cash at the door: the courier holds it until the dispatcher takes it in.
  for (const move of ["arrived", "complete"]) {
    const moved = await page.request.post(`/api/ops/orders/${order.id}/${move}`, { headers: dispatchKey });
    expect(moved.status(), `${move}: ${await moved.text()}`).toBe(200);
  }
  await dispatcher.reload();
  const team = dispatcher.getByRole("list", { name: "The partner's couriers" }).getByRole("listitem");
  const theirs = team.filter({ hasText: courier });
  await expect(theirs).toContainText(/Cash to collect: .*UAH|Cash to collect: .*₴/);
  dispatcher.once("dialog", (dialog) => dialog.accept());
  await theirs.getByRole("button", { name: `${courier} handed in the cash` }).click();
  await expect(theirs.getByRole("status")).toHaveText(
    `${courier}'s cash is handed in: their count starts again.`,
  );
  await expect(theirs).not.toContainText("Cash to collect");

  // Automatic dispatch's offers wait as long as the partner says (the demo keeps the default).
  const dispatchSettings = dispatcher.getByRole("form", { name: "Automatic dispatch" });
  await expect(dispatchSettings.getByLabel("Seconds a courier has to answer an offer")).toHaveValue("45");
  await dispatchSettings.getByRole("button", { name: "Save" }).click();
  await expect(dispatchSettings.getByRole("status")).toHaveText(
    "Saved: new offers wait this long for an answer.",
  );
  await dispatcher.context().close();
});

test(
  "staff sign in with their password only, and the console speaks Arabic right to left",
  { tag: "@desktop" },
  async ({ page, browser, extraHTTPHeaders }, info) => {
    const context = await browser.newContext({
      baseURL: info.project.use.baseURL,
      viewport: info.project.use.viewport ?? null,
      // The test's own address: its wrong password counts against it, not against every test's
      // loopback (the API slows an address down after 20 failed console sign-ins).
      ...(extraHTTPHeaders ? { extraHTTPHeaders } : {}),
    });
    const stranger = await context.newPage();
    await stranger.goto("/console/en/orders");
    await expect(stranger).toHaveURL(/\/console\/en\/sign-in\?next=/);
    await stranger.getByLabel("E-mail").fill("manager@dostavka.example");
    await stranger.getByLabel("Password").fill("not the password at all");
    await stranger.getByRole("button", { name: "Sign in" }).click();
    await expect(stranger.getByRole("alert")).toHaveText("The e-mail or the password is wrong.");
    // The right password opens the page the stranger was sent away from (the other tests of the
    // console sign in through the API, as this form does).
    await stranger.getByLabel("Password").fill(demoSecrets().staffPassword);
    await stranger.getByRole("button", { name: "Sign in" }).click();
    await expect(stranger).toHaveURL(/\/console\/en\/orders$/);
    await expect(stranger.getByRole("heading", { name: "Orders" })).toBeVisible();
    await context.close();

    const manager = await consoleOf(browser, info, "manager@dostavka.example", "ar");
    const ar = texts("ar");
    await expect(manager.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(manager.getByRole("heading", { name: texts("ar")["orders.title"] })).toBeVisible();
    const width = info.project.name === "tablet" ? "tablet" : "desktop";
    await screenshot(manager, `console/board-${width}-ar`);
    await manager.getByRole("link", { name: texts("ar")["menus.title"] }).click();
    await manager.getByLabel(texts("ar")["menus.search"] as string).fill("Тепла");
    // The vendor's city is named in the console's language.
    await expect(
      manager.getByRole("region", { name: "كييف" }).getByRole("link", { name: "Тепла Піч" }),
    ).toBeVisible();
    await manager.getByRole("link", { name: "Тепла Піч" }).click();
    await expect(manager.getByRole("button", { name: texts("ar")["menus.save"] }).first()).toBeVisible();
    await screenshot(manager, `console/menu-${width}-ar`);
    // A product's editor: the kitchen's own language (Ukrainian) required, the others folded away.
    const editing = (name: string) =>
      (ar["menuEditor.editTitle"] as string).replace("{product}", isolated("ar", name));
    const firstProduct = (await manager.getByRole("form").first().getAttribute("aria-label")) as string;
    await manager
      .getByRole("link", {
        name: (ar["menus.editProduct"] as string).replace("{name}", isolated("ar", firstProduct)),
      })
      .click();
    await expect(manager.getByRole("heading", { name: editing(firstProduct) })).toBeVisible();
    await expect(manager.getByLabel(`${ar["menuEditor.name"]} (Українська)`)).not.toHaveValue("");
    await screenshot(manager, `console/product-${width}-ar`);
    await manager.goBack();
    await manager.getByRole("link", { name: ar["vendor.settingsLink"] }).click();
    await expect(manager.getByRole("group", { name: ar["vendor.categories"] })).toBeVisible();
    await screenshot(manager, `console/vendor-${width}-ar`);
    // The couriers' map and the partner's list of couriers, with the form that adds one.
    await manager.getByRole("link", { name: ar["couriers.title"] }).click();
    await expect(manager.getByRole("heading", { name: ar["couriers.team"] })).toBeVisible();
    await expect(manager.getByRole("form", { name: ar["couriers.addTitle"] })).toBeVisible();
    await screenshot(manager, `console/couriers-${width}-ar`, { fullPage: true });
    // An order's page: the customer's phone reads left to right inside the Arabic page (+371…).
    await signInQuickly(page, range(info));
    const order = await orderFromTheStore(page);
    const me = await (await page.request.get("/api/customer/me", { headers: apiHeaders })).json();
    await manager.goto(`/console/ar/orders/${order.id}`);
    const phone = `+${me.phone}`;
    await expectLeftToRight(
      manager.getByRole("link", { name: phone }).getByText(phone, { exact: true }),
      phone,
    );
    await screenshot(manager, `console/order-${width}-ar`);
    // A stale link (an order that does not exist) and a path no screen has are "not found", in the
    // member's language, under the console's header.
    for (const path of ["orders/999999999", "no-such-screen"]) {
      await manager.goto(`/console/ar/${path}`);
      await expect(manager.getByRole("heading", { name: ar["error.notFound"], level: 1 })).toBeVisible();
      await expect(manager.getByRole("navigation", { name: ar["header.navigation"] })).toBeVisible();
    }
    // The language's bare address opens the order board (it was a blank page).
    await manager.goto("/console/ar");
    await expect(manager.getByRole("heading", { name: ar["orders.title"] })).toBeVisible();
    await manager.context().close();
  },
);

test("a manager changes a price and a photo in the console and the storefront shows them on its next read", async ({
  page,
  browser,
}, info) => {
  const manager = await consoleOf(browser, info, "manager@dostavka.example");
  await manager.getByRole("link", { name: "Menus" }).click();
  // A Kyiv kitchen no other browser test orders from: its prices are this test's to change.
  await manager.getByLabel("Find a vendor").fill("Тепла");
  await manager.getByRole("link", { name: "Тепла Піч" }).click();
  await expect(manager.getByRole("heading", { name: "Menu of Тепла Піч" })).toBeVisible();
  // A product of the menu, different at each width so the two runs never meet.
  const row = manager.getByRole("form").nth(info.project.name === "tablet" ? 1 : 2);
  const name = (await row.getAttribute("aria-label")) as string;
  const price = row.getByLabel("Price", { exact: true });
  const before = await price.inputValue();
  const raised = Math.round((Number(before) + 7) * 100) / 100;
  const inHryvnias = (amount: number) =>
    new Intl.NumberFormat("en", {
      style: "currency",
      currency: "UAH",
      currencyDisplay: "narrowSymbol",
    }).format(amount);

  // The customer has the product open before the change, so the storefront has read (and cached) it.
  const headers = apiHeaders;
  const vendors = await (
    await page.request.get("/api/public/localities/kyiv/vendors?size=100", { headers })
  ).json();
  const kitchen = vendors.content.find((vendor: { name: string }) => vendor.name === "Тепла Піч");
  const menu = await (await page.request.get(`/api/vendors/${kitchen.id}/catalogue`, { headers })).json();
  const product = menu.sections
    .flatMap((section: { products: Array<{ id: number; name: string }> }) => section.products)
    .find((candidate: { name: string }) => candidate.name === name);
  const productPage = `/en/kyiv/vendor/${kitchen.id}?modal=ProductModal&product=${product.id}`;
  await page.goto(productPage);
  await expect(page.getByRole("dialog", { name })).toContainText(
    inHryvnias(product.discountPrice ?? product.price),
  );

  await row.getByLabel("Discounted price").fill("");
  await price.fill(String(raised));
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByRole("status")).toHaveText("Saved: customers see it now.");
  if (info.project.name === "tablet") await screenshot(manager, "console/menu-tablet-en");

  await page.goto(productPage);
  await expect(page.getByRole("dialog", { name })).toContainText(inHryvnias(raised));

  // A new photo of the product, as a phone would send it (here the kitchen's own cover picture).
  const cover = `${kitchen.image.basePath}/1200x800.webp`;
  const picture = await (await page.request.get(cover)).body();
  await row
    .getByLabel(`Photo of ${name}`)
    .setInputFiles({ name: "dish.webp", mimeType: "image/webp", buffer: picture });
  await expect(row.getByText("Photo saved: customers see it now.")).toBeVisible();
  await page.goto(productPage);
  await expect(
    page.getByRole("dialog", { name }).locator('img[src*="/api/media/product/u"]').first(),
  ).toBeVisible();

  // The owner reads who changed it, and from what to what.
  const owner = await consoleOf(browser, info, "owner@dostavka.example");
  await owner.getByRole("link", { name: "Audit log" }).click();
  await expect(owner.getByText(`Price: ${Number(before)} → ${raised}`).first()).toBeVisible();
  await expect(
    owner
      .getByRole("listitem")
      .filter({ hasText: `Price: ${Number(before)} → ${raised}` })
      .first(),
  ).toContainText("Mārtiņš Liepa");
  await owner.context().close();
  await manager.context().close();
});

test("the owner invites a cook, who chooses a password from the e-mail and takes the store's orders", async ({
  browser,
}, info) => {
  const email = `cook-${info.project.name}-${info.retry}@dostavka.example`;
  const owner = await consoleOf(browser, info, "owner@dostavka.example");
  await owner.getByRole("link", { name: "Staff" }).click();
  const invite = owner.getByRole("form", { name: "Invite a member" });
  await invite.getByLabel("Name").fill("Mykola Cook");
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByLabel("Role").selectOption({ label: "Vendor staff" });
  await invite.getByLabel("Find a vendor").fill("Комора");
  await invite.getByLabel(STORE).check();
  await invite.getByRole("button", { name: "Send the invitation" }).click();
  await expect(invite.getByRole("status")).toHaveText(`Invitation sent to ${email}.`);
  await expect(owner.getByRole("list", { name: "Staff" })).toContainText(
    "Invited, has not chosen a password yet",
  );
  await owner.context().close();

  // The invitation is in the demo outbox; its link opens the console's password page.
  const context = await browser.newContext({
    baseURL: info.project.use.baseURL,
    viewport: info.project.use.viewport ?? null,
  });
  const cook = await context.newPage();
  const outbox = await (await cook.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const link = /https?:\/\/\S+\/console\/en\/password\?token=[\w-]+/.exec(outbox[0].text)?.[0] as string;
  await cook.goto(new URL(link).pathname + new URL(link).search);
  await cook.getByLabel("New password", { exact: true }).fill("pelmeni every thursday");
  await cook.getByLabel("New password again").fill("pelmeni every thursday");
  await cook.getByRole("button", { name: "Save the password" }).click();
  await expect(cook.getByRole("status")).toHaveText("Your password is set: sign in with it.");
  await cook.getByLabel("E-mail").fill(email);
  await cook.getByLabel("Password").fill("pelmeni every thursday");
  await cook.getByRole("button", { name: "Sign in" }).click();
  await expect(cook.getByRole("heading", { name: "Orders" })).toBeVisible();
  await expect(cook.getByText("Mykola Cook")).toBeVisible();
  await context.close();
});

test("a member who forgot the password gets a link by e-mail and signs in with a new one", async ({
  browser,
}, info) => {
  // A member of this test's own (a reset signs the member out everywhere): invited through the API.
  const email = `forgetful-${info.project.name}-${info.retry}@dostavka.example`;
  const api = (await browser.newContext({ baseURL: info.project.use.baseURL })).request;
  await api.post("/api/console/session", {
    data: { email: "owner@dostavka.example", password: demoSecrets().staffPassword },
  });
  const invited = await api.post("/api/console/staff", {
    data: { email, name: "Forgetful", role: "MANAGER" },
  });
  expect(invited.status()).toBe(201);
  const linkTo = async (address: string) => {
    const outbox = await (await api.get(`/api/dev/outbox?to=${encodeURIComponent(address)}`)).json();
    const link = new URL(
      /https?:\/\/\S+\/console\/en\/password\?token=[\w-]+/.exec(outbox[0].text)?.[0] as string,
    );
    return link.pathname + link.search;
  };
  const token = new URLSearchParams((await linkTo(email)).split("?")[1]).get("token");
  expect(
    (await api.post("/api/console/password", { data: { token, password: "the first password" } })).status(),
  ).toBe(200);

  const context = await browser.newContext({
    baseURL: info.project.use.baseURL,
    viewport: info.project.use.viewport ?? null,
  });
  const page = await context.newPage();
  await page.goto("/console/en/sign-in");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  // The sign-in form has an e-mail field too: wait for this screen before typing.
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText("a link is on its way");
  await page.goto(await linkTo(email));
  await page.getByLabel("New password", { exact: true }).fill("the second password");
  await page.getByLabel("New password again").fill("the second password");
  await page.getByRole("button", { name: "Save the password" }).click();
  await expect(page.getByRole("status")).toHaveText("Your password is set: sign in with it.");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("the second password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/console\/en\/orders/);
  await context.close();
});

test("a manager changes a vendor's minimum order and closes it for a while, and the storefront's vendor page shows both", async ({
  page,
  browser,
}, info) => {
  // Three people in three browsers, and a round of moves: longer than one shopper's test.
  test.setTimeout(120_000);
  // A Kyiv kitchen of each width's own: no other test orders from them.
  const kitchen = info.project.name === "tablet" ? "Мтацмінда" : "Варенична Калина";
  const headers = apiHeaders;
  const vendors = await (
    await page.request.get("/api/public/localities/kyiv/vendors?size=100", { headers })
  ).json();
  const { id } = vendors.content.find((vendor: { name: string }) => vendor.name === kitchen);
  const inHryvnias = (amount: number) =>
    new Intl.NumberFormat("en", {
      style: "currency",
      currency: "UAH",
      currencyDisplay: "narrowSymbol",
    }).format(amount);
  // The customer has seen the vendor before the change, so the storefront has read (and cached) it.
  await page.goto(`/en/kyiv/vendor/${id}`);
  // The vendor's header lists its rating, delivery time, minimum order and delivery price.
  const minimum = page.getByRole("region", { name: kitchen });
  const before = (await (await page.request.get(`/api/vendors/${id}`, { headers })).json()).minOrderPrice;
  await expect(minimum).toContainText(inHryvnias(before));

  const manager = await consoleOf(browser, info, "manager@dostavka.example");
  await manager.getByRole("link", { name: "Menus" }).click();
  await manager.getByLabel("Find a vendor").fill(kitchen);
  await manager.getByRole("link", { name: kitchen }).click();
  await manager.getByRole("link", { name: /Vendor settings/ }).click();
  await manager.getByLabel("Minimum order (UAH)").fill(String(before + 15));
  await manager.getByRole("button", { name: "Save" }).click();
  await expect(manager.getByRole("status")).toHaveText("Saved: customers see it now.");
  if (info.project.name === "tablet") {
    // From the top: a full-page picture of a scrolled page paints the sticky header mid-page.
    await manager.evaluate(() => window.scrollTo(0, 0));
    await screenshot(manager, "console/vendor-tablet-en", { fullPage: true });
  }

  await page.reload();
  await expect(minimum).toContainText(inHryvnias(before + 15));

  // A closure from an hour ago until noon the day after tomorrow, on Kyiv's clock: the customer
  // sees the kitchen closed, and when it opens again (a day named, as it is not today).
  const kyivNow = (hoursAhead: number) =>
    new Intl.DateTimeFormat("sv-SE", {
      timeZone: "Europe/Kyiv",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
      .format(new Date(Date.now() + hoursAhead * 3_600_000))
      .replace(" ", "T");
  const reopensOn = kyivNow(48).slice(0, 10);
  // What the vendor page says of this closure's end ("Opens at Sun, Nov 29, 12:00"), whatever the
  // vendor's own hours say at the time the test runs.
  const [year, month, day] = reopensOn.split("-").map(Number) as [number, number, number];
  const reopening = `Opens at ${new Intl.DateTimeFormat("en", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, month - 1, day, 12)))}, 12:00`;
  await manager.getByRole("button", { name: "Add a closure" }).click();
  await manager.getByLabel("Closed from").fill(kyivNow(-1));
  await manager.getByLabel("Until").fill(`${reopensOn}T12:00`);
  await manager.getByLabel("Note for the staff").fill("New oven going in");
  // The status line still says the minimum order was saved: wait for this save's answer instead.
  const saved = (action: Promise<void>) =>
    Promise.all([
      manager.waitForResponse(
        (response) =>
          response.request().method() === "PATCH" && /\/api\/console\/vendors\/\d+$/.test(response.url()),
      ),
      action,
    ]);
  const [closing] = await saved(manager.getByRole("button", { name: "Save" }).click());
  expect(closing.status()).toBe(200);
  await page.reload();
  await expect(page.getByText(reopening, { exact: false }).first()).toBeVisible();
  // Reopened: the closure removed, the warning goes.
  await manager.getByRole("button", { name: "Remove this closure" }).click();
  const [reopened] = await saved(manager.getByRole("button", { name: "Save" }).click());
  expect(reopened.status()).toBe(200);
  await expect(manager.getByText("No closures planned.")).toBeVisible();
  await page.reload();
  await expect(minimum).toContainText(inHryvnias(before + 15));
  // The closure's reopening is no longer told (the vendor's own hours may still close it at night).
  await expect(page.getByText(reopening, { exact: false })).toHaveCount(0);
  await manager.context().close();
});

test("a manager creates a promo code in the console and it works in a customer's cart", async ({
  page,
  browser,
}, info) => {
  // A code of each width's own: the two runs never meet.
  const code = info.project.name === "tablet" ? "TABLETGIFT" : "DESKGIFT";
  const manager = await consoleOf(browser, info, "manager@dostavka.example");
  await manager.getByRole("link", { name: "Promo codes" }).click();
  const form = manager.getByRole("form", { name: "New promo code" });
  await form.getByLabel("Code").fill(code.toLowerCase());
  await form.getByLabel("City").selectOption("Riga");
  await form.getByRole("radio", { name: "Fixed amount" }).check();
  await form.getByLabel("Amount off").fill("3");
  await form.getByLabel("Description customers read").fill("3 € off your next order");
  await form.getByRole("button", { name: "Create code" }).click();
  await expect(manager.getByRole("status")).toHaveText(`${code} is saved.`);
  const listed = manager.getByRole("list", { name: "Codes" }).getByRole("listitem").filter({ hasText: code });
  await expect(listed).toContainText("€3.00 off");
  await expect(listed).toContainText("Active");
  await expect(listed).toContainText("Used 0 times");
  if (info.project.name === "tablet") await screenshot(manager, "console/promo-codes-tablet-en");

  // A visitor of Riga types the new code at checkout, and the cart takes 3 € off.
  const vendor = await openRestaurant(page);
  await page.goto(`/en/riga/vendor/${vendor.id}?address=${ADDRESS}`);
  await page
    .getByRole("button", { name: `Add ${vendor.plain.name} to the cart` })
    .first()
    .click();
  await expect(page.getByRole("link", { name: "Open the cart" })).toBeVisible();
  await page.goto("/en/cart");
  await page.getByRole("textbox", { name: "Promo code" }).fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText(`Promo code ${code}`)).toBeVisible();
  await expect(page.getByText("−€3.00")).toBeVisible();

  // The manager ends it; the next customer to type it is told it has expired.
  await listed.getByRole("link", { name: `Change ${code}` }).click();
  const change = manager.getByRole("form", { name: `Change ${code}` });
  // A minute ago on the clock of Riga, the code's city, whatever the machine's zone ("2026-11-29 08:34").
  const minuteAgo = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Riga",
    dateStyle: "short",
    timeStyle: "short",
  }).format(Date.now() - 60_000);
  await change.getByLabel("Valid until").fill(minuteAgo.replace(" ", "T"));
  await change.getByRole("button", { name: "Save" }).click();
  await expect(listed).toContainText("Ended");
  await page.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText(`Promo code ${code}`)).toBeHidden();
  await page.getByRole("textbox", { name: "Promo code" }).fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("alert")).toHaveText("This promo code has expired");
  await manager.context().close();
  if (info.project.name === "tablet") {
    // The same screen in Arabic, right to left.
    const arabic = await consoleOf(browser, info, "manager@dostavka.example", "ar");
    await arabic.goto("/console/ar/promo-codes");
    await expect(arabic.getByRole("heading", { name: texts("ar")["promo.title"] })).toBeVisible();
    await expect(arabic.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(arabic.getByText(code)).toBeVisible();
    await screenshot(arabic, "console/promo-codes-tablet-ar");
    await arabic.context().close();
  }
});

test("a manager draws a city's delivery zone on the map and the storefront refuses an address outside it", async ({
  page,
  browser,
}, info) => {
  // A city of each width's own: the two runs never redraw one zone at once. The corner left out is
  // on the zone's edge, far from the addresses other tests deliver to.
  const city =
    info.project.name === "tablet" ? { code: "baghdad", name: "Baghdad" } : { code: "kyiv", name: "Kyiv" };
  const manager = await consoleOf(browser, info, "manager@dostavka.example");
  await manager.getByRole("link", { name: "Cities" }).click();
  await manager.getByRole("combobox", { name: "City", exact: true }).selectOption(city.code);
  await manager.getByRole("link", { name: `Delivery zone of ${city.name}` }).click();
  await expect(manager.getByRole("heading", { name: `Delivery zone of ${city.name}` })).toBeVisible();

  // The zone as it is: its corners in the list, and where each sits on the screen.
  await manager.getByText(/^\d+ corners$/).click();
  const count = Number((await manager.getByText(/^\d+ corners$/).textContent())?.split(" ")[0]);
  const original: Array<{ latitude: number; longitude: number }> = [];
  const onScreen: Array<{ x: number; y: number }> = [];
  for (let number = 1; number <= count; number++) {
    original.push({
      latitude: Number(
        await manager.getByLabel(`Latitude of corner ${number}`, { exact: true }).inputValue(),
      ),
      longitude: Number(
        await manager.getByLabel(`Longitude of corner ${number}`, { exact: true }).inputValue(),
      ),
    });
    const box = await manager.getByRole("button", { name: `Corner ${number}`, exact: true }).boundingBox();
    if (!box) throw new Error(`corner ${number} is not on the map`);
    onScreen.push({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
  }
  // Inside the zone now, outside once the 3rd corner is left out: the middle of the corner's triangle.
  const [before, cut, after] = original.slice(1, 4) as [
    (typeof original)[0],
    (typeof original)[0],
    (typeof original)[0],
  ];
  const outside = {
    latitude: (before.latitude + cut.latitude + after.latitude) / 3,
    longitude: (before.longitude + cut.longitude + after.longitude) / 3,
  };
  const check = async () =>
    (
      await (
        await page.request.get(`/api/delivery-check?lat=${outside.latitude}&lng=${outside.longitude}`, {
          headers: apiHeaders,
        })
      ).json()
    ).status;
  expect(await check()).toBe("OK");

  // The manager draws the zone anew, corner by corner on the map, leaving the 3rd out.
  await manager.getByRole("button", { name: "Draw a new zone" }).click();
  await expect(manager.getByText("Click on the map to place the corners")).toBeVisible();
  // Corner by corner, as a person places one and sees it on the map before the next.
  let placed = 0;
  for (const [index, point] of onScreen.entries()) {
    if (index === 2) continue;
    await manager.mouse.click(point.x, point.y);
    placed += 1;
    await expect(
      manager.getByText(placed === 1 ? "1 corner" : `${placed} corners`, { exact: true }),
    ).toBeVisible();
  }
  await expect(manager.getByText(`${count - 1} corners`)).toBeVisible();
  if (info.project.name === "tablet") await screenshot(manager, "console/zone-tablet-en", { fullPage: true });
  await manager.getByRole("button", { name: "Save zone" }).click();
  await expect(manager.getByRole("status")).toHaveText(
    "Saved: customers get deliveries inside this zone from now on.",
  );

  try {
    // The zone as saved leaves the point out (a corner placed off its mark would keep it in).
    expect(await check()).toBe("INVALID_LOCATION");
    // A visitor with that address fills a cart there: the cart says it does not deliver to it.
    const vendors = await (
      await page.request.get(`/api/public/localities/${city.code}/vendors?size=100`, { headers: apiHeaders })
    ).json();
    const vendor = vendors.content.find(
      (one: Parameters<typeof orderableNow>[0] & { receiptTypes: string[] }) =>
        orderableNow(one, city.code) && one.receiptTypes.includes("DELIVERY"),
    );
    const menu = await (
      await page.request.get(`/api/vendors/${vendor.id}/catalogue`, { headers: apiHeaders })
    ).json();
    const plain = menu.sections
      .flatMap(
        (section: { products: Array<{ name: string; available: boolean; componentGroups: unknown[] }> }) =>
          section.products,
      )
      .find(
        (product: { available: boolean; componentGroups: unknown[] }) =>
          product.available && product.componentGroups.length === 0,
      );
    const address = encodeURIComponent(
      JSON.stringify({ ...outside, formattedAddress: "Beyond the new edge" }),
    );
    await page.goto(`/en/${city.code}/vendor/${vendor.id}?address=${address}`);
    await page
      .getByRole("button", { name: `Add ${plain.name} to the cart` })
      .first()
      .click();
    await expect(page.getByRole("link", { name: "Open the cart" })).toBeVisible();
    await page.goto("/en/cart");
    await expect(
      page.getByRole("alertdialog", { name: "Sorry, we do not deliver to this address yet" }),
    ).toBeVisible();
  } finally {
    // The city's zone as the demo drew it, for the tests after this one.
    const restored = await manager.request.put(`/api/console/localities/${city.code}/zone`, {
      data: { zone: original },
    });
    expect(restored.status()).toBe(200);
  }
  await manager.context().close();
  if (info.project.name === "tablet") {
    const arabic = await consoleOf(browser, info, "manager@dostavka.example", "ar");
    await arabic.goto(`/console/ar/zones?city=${city.code}`);
    await expect(arabic.getByRole("button", { name: texts("ar")["zones.draw"] })).toBeVisible();
    await expect(arabic.locator(".zone-corner").first()).toBeVisible();
    // The map's zoom buttons are named in the console's language, not in Leaflet's English.
    await expect(arabic.getByRole("button", { name: texts("ar")["map.zoomIn"], exact: true })).toBeVisible();
    await screenshot(arabic, "console/zone-tablet-ar");
    await arabic.context().close();
  }
});

/** Baghdad's points programme switched off through the console's API, its other settings kept. */
async function switchBaghdadProgrammeOff(baseURL: string) {
  const { api } = await consoleApiAs({ baseURL, email: "owner@dostavka.example" });
  const settings = await (await api.get("/api/console/localities/baghdad/settings")).json();
  const off = { ...settings, loyalty: { ...settings.loyalty, enabled: false } };
  expect((await api.put("/api/console/localities/baghdad/settings", { data: off })).status()).toBe(200);
  await api.dispose();
}

// At the tablet only, also for the docs' pictures: two runs at once would switch one city's programme.
test(
  "an owner switches Baghdad's loyalty programme on: a point worth more than it costs to earn is refused at its field, and the programme saved is kept",
  onlyAtWidth("tablet"),
  async ({ browser, baseURL }, info) => {
    // Baghdad, whose orders no other test counts points of; no welcome bonus, so no cart changes.
    // Off to begin with, as the seed leaves it, also when this is a retry of a run that saved it.
    await switchBaghdadProgrammeOff(baseURL as string);
    const owner = await consoleOf(browser, info, "owner@dostavka.example");
    await owner.getByRole("link", { name: "Cities" }).click();
    await owner.getByRole("combobox", { name: "City", exact: true }).selectOption("baghdad");
    const loyalty = owner.getByRole("region", { name: "Loyalty programme" });
    // Baghdad's settings are in the form (its amounts in dinars) before anything is typed into it.
    const pointValue = loyalty.getByLabel("A point is worth (IQD)");
    await expect(pointValue).toBeVisible();
    const enabled = loyalty.getByRole("checkbox", { name: "Customers earn and spend points in this city" });
    await expect(enabled).not.toBeChecked();
    await enabled.check();
    // 1 point for every 1 IQD, a point worth 2 IQD: twice what was paid comes back.
    await loyalty.getByLabel("Points earned").fill("1");
    await loyalty.getByLabel("For every (IQD)").fill("1");
    await pointValue.fill("2");
    await expect(
      loyalty.getByText("Customers get 200% of what they pay for goods back in points."),
    ).toBeVisible();
    await owner.getByRole("button", { name: "Save" }).click();
    await expect(owner.getByRole("alert")).toHaveText(
      "Points would give back more than customers pay to earn them: lower a point's value or the points earned.",
    );
    await expect(pointValue).toHaveAttribute("aria-invalid", "true");

    // 1 point for every 1,000 IQD, a point worth 10 IQD: 1 % back, points that never expire.
    await loyalty.getByLabel("For every (IQD)").fill("1000");
    await pointValue.fill("10");
    await loyalty.getByLabel("Points expire after months without activity").fill("");
    await expect(
      loyalty.getByText("Customers get 1% of what they pay for goods back in points."),
    ).toBeVisible();
    await owner.getByRole("button", { name: "Save" }).click();
    await expect(owner.getByRole("status").last()).toHaveText(
      "Saved: customers of this city order with these settings from now on.",
    );
    await owner.reload();
    await expect(enabled).toBeChecked();
    await expect(loyalty.getByLabel("Points earned")).toHaveValue("1");
    await expect(loyalty.getByLabel("For every (IQD)")).toHaveValue("1000");
    await expect(pointValue).toHaveValue("10");
    await expect(loyalty.getByLabel("Points expire after months without activity")).toHaveValue("");
    await owner.context().close();
    // Left as found: off.
    await switchBaghdadProgrammeOff(baseURL as string);
  },
);

test("a manager builds a section and a product with options, arranges the menu, and the customer sees it so", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  // A Kyiv kitchen no other browser test reads, one per width; names unique to this run.
  const kitchenName = info.project.name === "tablet" ? "Червоний Вок" : "Зелена Миска";
  const mark = Date.now().toString(36).slice(-4);
  const sectionName = `Супи ${mark}`;
  const productName = `Борщ зелений ${mark}`;
  // The console names products in the member's language (English) where they have it.
  const englishName = `Green borscht ${mark}`;
  const manager = await consoleOf(browser, info, "manager@dostavka.example");
  await manager.getByRole("link", { name: "Menus" }).click();
  await manager.getByLabel("Find a vendor").fill(kitchenName.slice(0, 5));
  await manager.getByRole("link", { name: kitchenName }).click();
  await expect(manager.getByRole("heading", { name: `Menu of ${kitchenName}` })).toBeVisible();

  // A new section, named in the kitchen's own language (Ukrainian), goes to the bottom.
  const newSection = manager.getByRole("form", { name: "Section name" }).last();
  await newSection.getByLabel("Section name (Українська)").fill(sectionName);
  await newSection.getByRole("button", { name: "Add the section" }).click();
  await expect(manager.getByText(`Section ${sectionName} added at the bottom.`)).toBeVisible();
  await expect(manager.getByRole("heading", { name: sectionName })).toBeVisible();

  // A product with a required choice of bread, in Ukrainian and English.
  await manager.getByRole("link", { name: `Add a product to ${sectionName}` }).click();
  await expect(manager.getByRole("heading", { name: "New product" })).toBeVisible();
  await expect(manager.getByLabel("Section", { exact: true })).toHaveValue(/\d+/);
  await manager.getByLabel("Name (Українська)").fill(productName);
  await manager.getByText("Name in other languages").click();
  await manager.getByLabel("English").first().fill(englishName);
  await manager.getByLabel("Price", { exact: true }).fill("145");
  await manager.getByLabel("Weight or size").fill("350");
  await manager.getByLabel("Unit").selectOption({ label: "millilitres" });
  await manager.getByLabel("Vegetarian").check();
  await manager.getByRole("button", { name: "Add an option group" }).click();
  await manager.getByLabel("Name of option group 1 (Українська)").fill("Хліб");
  await manager.getByLabel("Required: the customer must choose").check();
  await manager.getByLabel("Option 1 (Українська)").fill("Житній");
  await manager.getByRole("button", { name: "Add an option to group 1" }).click();
  await manager.getByLabel("Extra price").nth(1).fill("25");
  // The second option has no name yet: the API refuses, and the editor says where.
  await manager.getByRole("button", { name: "Add the product" }).click();
  await expect(manager.getByRole("alert")).toContainText("Write the name in Українська");
  await expect(manager.getByLabel("Option 2 (Українська)")).toBeFocused();
  await manager.getByLabel("Option 2 (Українська)").fill("Пампушки");
  await manager.getByRole("button", { name: "Add the product" }).click();
  await expect(manager.getByRole("heading", { name: `Edit ${englishName}` })).toBeVisible();
  await expect(manager.getByText("Saved: customers see it now.")).toBeVisible();
  if (info.project.name === "tablet") await screenshot(manager, "console/product-tablet-en");
  else await screenshot(manager, "console/product-desktop-en");

  // Back on the menu: the section goes up a place by dragging its handle onto the section above,
  // another by the keyboard, and the product one place up (to the bottom of the section above).
  await manager.getByRole("link", { name: `Menu of ${kitchenName}` }).click();
  const headings = manager.locator("main > section > div > h2");
  await expect(headings.last()).toHaveText(sectionName);
  const count = await headings.count();
  const above = manager.locator("main > section").nth(count - 2);
  await manager.getByTitle(`Drag section ${sectionName}`).dragTo(above.getByRole("form").last());
  await expect(manager.getByText(`${sectionName} moved.`)).toBeVisible();
  await expect(headings.nth(count - 2)).toHaveText(sectionName);
  await manager.getByRole("button", { name: `Move section ${sectionName} up` }).focus();
  await manager.keyboard.press("Enter");
  await expect(headings.nth(count - 3)).toHaveText(sectionName);
  await manager.getByRole("button", { name: `Move ${englishName} up` }).focus();
  await manager.keyboard.press("Enter");
  await expect(
    manager
      .locator("main > section")
      .nth(count - 4)
      .getByRole("form", { name: englishName }),
  ).toBeVisible();
  await expect(manager.getByRole("button", { name: `Move ${englishName} up` })).toBeFocused();
  // The board moves at once; the storefront reads the menu once the move is saved.
  await expect(manager.getByText(`${englishName} moved.`)).toBeVisible();
  if (info.project.name === "desktop") await screenshot(manager, "console/menu-desktop-en");
  const consoleOrder = await headings.allTextContents();

  // The customer reads the menu in that order (the new section, empty now, is not shown), the
  // product at the bottom of the section above it, with its required choice of bread.
  const headers = apiHeaders;
  const vendors = await (
    await page.request.get("/api/public/localities/kyiv/vendors?size=100", { headers })
  ).json();
  const kitchen = vendors.content.find((vendor: { name: string }) => vendor.name === kitchenName);
  const menu = await (await page.request.get(`/api/vendors/${kitchen.id}/catalogue`, { headers })).json();
  const storefrontOrder = menu.sections.map((section: { name: string }) => section.name);
  expect(storefrontOrder).toEqual(consoleOrder.filter((name) => name !== sectionName));
  const sectionAbove = consoleOrder[consoleOrder.indexOf(sectionName) - 1];
  const product = menu.sections[storefrontOrder.indexOf(sectionAbove)].products.at(-1);
  expect(product.name).toBe(englishName);
  await page.goto(`/en/kyiv/vendor/${kitchen.id}?modal=ProductModal&product=${product.id}`);
  const dialog = page.getByRole("dialog", { name: englishName });
  await expect(dialog.getByRole("group", { name: /Хліб/ })).toContainText("Required");
  await expect(dialog.getByRole("radio", { name: "Житній" })).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /Пампушки/ })).toBeVisible();
  await expect(dialog).toContainText("Vegetarian");
  // No photo was given: the card shows the default picture, loaded.
  const picture = dialog.locator('img[src$="/default-product.svg"]');
  await expect(picture).toHaveJSProperty("complete", true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // So does its line in the customer's cart (Зелена Миска takes orders; Червоний Вок is closed).
  if (kitchenName === "Зелена Миска") {
    await vendorCartInBrowser(page, info.project.use.baseURL as string, "kyiv", kitchenName, {
      product: englishName,
      options: (chosen) =>
        chosen.componentGroups.flatMap((group) =>
          group.components.filter((c) => c.name === "Житній").map((c) => c.id),
        ),
    });
    await page.goto(`/en/kyiv/vendor/${kitchen.id}?modal=Cart`);
    const line = page
      .getByRole("dialog", { name: "Cart" })
      .getByRole("listitem")
      .filter({ hasText: englishName });
    await expect(line.locator('img[src$="/default-product.svg"]')).toHaveJSProperty("complete", true);
  }
  await manager.context().close();
});

test("a manager gives a vendor a new cover, logo and category, and the storefront lists and shows it so", async ({
  page,
  browser,
}, info) => {
  // A Kyiv kitchen of each width's own, whose pictures and categories no other test reads.
  const kitchen = info.project.name === "tablet" ? "Смок Бургер" : "Лаваш і Вогонь";
  const headers = apiHeaders;
  const vendors = await (
    await page.request.get("/api/public/localities/kyiv/vendors?size=100", { headers })
  ).json();
  const vendor = vendors.content.find((one: { name: string }) => one.name === kitchen);
  const categories = await (
    await page.request.get("/api/public/localities/kyiv/categories", {
      headers: { ...headers, "Accept-Language": "en" },
    })
  ).json();
  // A category without subcategories that the kitchen is not listed under yet.
  const listedUnder = new Set(vendor.categories.map((category: { id: number }) => category.id));
  const leaves = categories.tree.flatMap(
    (node: { id: number; name: string; children: Array<{ id: number; name: string }> }) =>
      node.children.length ? node.children : [node],
  );
  const category = leaves.find((one: { id: number }) => !listedUnder.has(one.id));
  // The customer has seen the filtered list before the change, so the storefront has cached it.
  const filtered = `/en/kyiv?categories=${category.id}`;
  await page.goto(filtered);
  await expect(page.getByRole("link", { name: new RegExp(kitchen) })).toHaveCount(0);

  const manager = await consoleOf(browser, info, "manager@dostavka.example");
  await manager.getByRole("link", { name: "Menus" }).click();
  await manager.getByLabel("Find a vendor").fill(kitchen.slice(0, 4));
  await manager.getByRole("link", { name: kitchen }).click();
  await manager.getByRole("link", { name: /Vendor settings/ }).click();

  // New pictures, as an editor's files: another vendor's cover and a square cut of it.
  const other = vendors.content.find((one: { name: string }) => one.name === "Тепла Піч");
  const cover = await (await page.request.get(`${other.image.basePath}/1200x800.webp`)).body();
  await manager
    .getByLabel(`Cover picture of ${kitchen}`)
    .setInputFiles({ name: "cover.webp", mimeType: "image/webp", buffer: cover });
  await expect(manager.getByText("Photo saved: customers see it now.")).toBeVisible();
  const logo = await (await page.request.get(`${other.avatar.basePath}/160x160.webp`)).body();
  await manager
    .getByLabel(`Logo of ${kitchen}`)
    .setInputFiles({ name: "logo.webp", mimeType: "image/webp", buffer: logo });
  await expect(manager.getByText("Photo saved: customers see it now.")).toHaveCount(2);

  await manager.getByRole("group", { name: "Categories" }).getByLabel(category.name, { exact: true }).check();
  await manager.getByRole("button", { name: "Save" }).click();
  await expect(manager.getByRole("status").last()).toHaveText("Saved: customers see it now.");
  if (info.project.name === "desktop") {
    await manager.evaluate(() => window.scrollTo(0, 0));
    await screenshot(manager, "console/vendor-desktop-en", { fullPage: true });
  }

  // The storefront lists the kitchen under the category, with its new cover, and its page shows
  // the new cover and logo.
  await page.goto(filtered);
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: kitchen }) });
  await expect(card).toBeVisible();
  await expect(card.locator('img[src*="/api/media/cover/u"]')).toHaveCount(1);
  await page.goto(`/en/kyiv/vendor/${vendor.id}`);
  await expect(page.locator('img[src*="/api/media/cover/u"]').first()).toBeVisible();
  await expect(page.locator('img[src*="/api/media/avatar/u"]').first()).toBeVisible();
  await manager.context().close();
});

test("a manager adds a vendor on the map, lists it when it is ready, and the storefront shows it", async ({
  page,
  browser,
}, info) => {
  const name = `Nova Kramnytsia ${info.project.name === "tablet" ? "T" : "D"}${Date.now().toString(36).slice(-4)}`;
  const manager = await consoleOf(browser, info, "manager@dostavka.example");
  await manager.getByRole("link", { name: "Menus" }).click();
  await manager.getByRole("link", { name: "Add a vendor" }).click();
  await expect(manager.getByRole("heading", { name: "New vendor" })).toBeVisible();
  await manager.getByLabel("Name").fill(name);
  await manager.getByLabel("Kind").selectOption({ label: "Store" });
  await manager.getByLabel("City").selectOption("kyiv");
  await manager.getByLabel("Street").fill("вулиця Хрещатик");
  await manager.getByLabel("House number").fill("22");
  // Without a place, the form says where to click.
  await manager.getByRole("button", { name: "Add the vendor" }).click();
  await expect(manager.getByRole("alert")).toHaveText("Click the map where the vendor is.");
  await manager.getByRole("region", { name: /^Map of .+: click where the vendor is$/ }).click();
  await expect(manager.getByRole("status").filter({ hasText: "Place chosen" })).toBeVisible();
  if (info.project.name === "tablet")
    await screenshot(manager, "console/vendor-new-tablet-en", { fullPage: true });
  await manager.getByRole("button", { name: "Add the vendor" }).click();

  // Its settings open: hidden from customers until listed.
  await expect(manager.getByRole("heading", { name: `Settings of ${name}` })).toBeVisible();
  const listed = manager.getByLabel("Listed on the storefront");
  await expect(listed).not.toBeChecked();
  const inKyiv = async () =>
    (
      await (
        await page.request.get("/api/public/localities/kyiv/vendors?size=100", { headers: apiHeaders })
      ).json()
    ).content.find((vendor: { name: string }) => vendor.name === name);
  expect(await inKyiv()).toBeUndefined();
  await listed.check();
  await manager.getByRole("button", { name: "Save" }).click();
  await expect(manager.getByRole("status").last()).toHaveText("Saved: customers see it now.");
  const shown = await inKyiv();
  expect(shown).toMatchObject({ name, vendorType: "STORE" });
  await page.goto(`/en/kyiv/vendor/${shown.id}`);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await manager.context().close();
});

test("a manager reads a week's report of Riga, with its chart and figures per day, and downloads it as CSV", async ({
  browser,
}, info) => {
  const manager = await consoleOf(browser, info, "manager@dostavka.example");
  await manager.getByRole("link", { name: "Reports" }).click();
  await expect(manager.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  await expect(manager.getByLabel("City")).toHaveValue("riga");
  const chart = manager.getByRole("img", { name: /^Chart of orders and revenue per day/ });
  await expect(chart).toBeVisible();
  // Its legend names the two series beside their markers, with no values left blank ("Orders: --").
  await expect(chart.getByText("Orders", { exact: true })).toBeVisible();
  await expect(chart.getByText("Revenue", { exact: true })).toBeVisible();
  await expect(chart).not.toContainText("--");
  await manager.getByText("Figures per day").click();
  const perDay = manager.getByRole("table", { name: "Orders and revenue per day" });
  // A week up to today: seven days, each a row.
  await expect(perDay.getByRole("row")).toHaveCount(8);
  // Other tests place orders in Riga meanwhile, and the page follows them: the screen's count is
  // read before and after the download, and the file's lies between.
  const shownOrders = async () =>
    Number((await manager.getByRole("definition").first().textContent())?.replace(/\D/g, ""));
  const before = await shownOrders();

  const downloading = manager.waitForEvent("download");
  await manager.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^report-riga-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs
    .readFileSync(await download.path(), "utf8")
    .replace(/^\ufeff/, "")
    .split("\r\n");
  expect(csv[0]).toBe("Date,Orders,Revenue (EUR),Refunded (EUR),Cancelled,Declined");
  // Seven days, the totals, then Riga's loyalty points after an empty line, and the file's last break.
  expect(csv).toHaveLength(17);
  // The total line holds the orders the screen shows.
  const inFile = Number(csv[8]?.split(",")[1]);
  expect(inFile).toBeGreaterThanOrEqual(before);
  expect(inFile).toBeLessThanOrEqual(await shownOrders());
  expect(csv[9]).toBe("");
  expect(csv[10]).toMatch(/^Loyalty points: Issued,\d+$/);
  expect(csv[15]).toMatch(/^Loyalty points: Their value \(liability\) \(EUR\),\d+(\.\d+)?$/);
  const width = info.project.name === "tablet" ? "tablet" : "desktop";
  await screenshot(manager, `console/reports-${width}-en`, { fullPage: true });
  await manager.context().close();

  // In Arabic, right to left, the legend names them in Arabic.
  const ar = texts("ar");
  const arabic = await consoleOf(browser, info, "manager@dostavka.example", "ar");
  await arabic.goto("/console/ar/reports");
  const chartNamed = (ar["reports.chartLabel"] as string).split("{from}")[0] as string;
  const arabicChart = arabic.getByRole("img", { name: new RegExp(`^${chartNamed}`) });
  await expect(arabicChart.getByText(ar["reports.orders"] as string, { exact: true })).toBeVisible();
  await expect(arabicChart.getByText(ar["reports.revenue"] as string, { exact: true })).toBeVisible();
  await screenshot(arabic, `console/reports-${width}-ar`, { fullPage: true });
  await arabic.context().close();
});

test("the board and an order's page show each order's times on its own city's clock, the city named", async ({
  page,
  browser,
}, info) => {
  await signInQuickly(page, info.project.name === "tablet" ? 47 : 48);
  const riga = await placeOrderIn(page, "riga");
  const baghdad = await placeOrderIn(page, "baghdad");
  // The manager's browser keeps New York's time, neither city's.
  const managerIn = (locale: string) =>
    consoleStaff(browser, {
      baseURL: info.project.use.baseURL as string,
      viewport: info.project.use.viewport ?? null,
      email: "manager@dostavka.example",
      locale,
      timezoneId: "America/New_York",
    });
  const placedAt = (order: { createdAt: string }, timeZone: string, style: "time" | "dateTime" = "time") =>
    new Intl.DateTimeFormat("en", {
      ...(style === "time"
        ? { hour: "2-digit", minute: "2-digit" }
        : { dateStyle: "medium", timeStyle: "short" }),
      hourCycle: "h23",
      timeZone,
    }).format(new Date(order.createdAt));
  const width = info.project.name === "tablet" ? "tablet" : "desktop";

  const manager = await managerIn("en");
  // Every status: the simulated kitchens may have moved the orders on already.
  await manager.goto("/console/en/orders?status=");
  const card = (order: { id: number }) =>
    manager.getByRole("link", { name: new RegExp(`Order #${order.id}\\b`) });
  await expect(card(riga)).toContainText(`${placedAt(riga, "Europe/Riga")} (Riga)`);
  await expect(card(baghdad)).toContainText(`${placedAt(baghdad, "Asia/Baghdad")} (Baghdad)`);
  await screenshot(manager, `console/board-times-${width}-en`);
  await card(baghdad).click();
  await expect(manager.getByRole("definition").filter({ hasText: /\(Baghdad\)$/ })).toHaveText(
    `${placedAt(baghdad, "Asia/Baghdad", "dateTime")} (Baghdad)`,
  );
  await manager.context().close();

  // In Arabic each city is named in Arabic.
  const arabic = await managerIn("ar");
  await arabic.goto("/console/ar/orders?status=");
  await expect(
    arabic
      .getByRole("link")
      .filter({ hasText: `${placedAt(baghdad, "Asia/Baghdad")} (بغداد)` })
      .first(),
  ).toBeVisible();
  await expect(
    arabic
      .getByRole("link")
      .filter({ hasText: `${placedAt(riga, "Europe/Riga")} (ريغا)` })
      .first(),
  ).toBeVisible();
  await screenshot(arabic, `console/board-times-${width}-ar`);
  await arabic.context().close();
});

test(
  "the keyboard meets the skip link first, and a link and a field wear the focus ring",
  { tag: "@desktop" },
  async ({ browser }, info) => {
    const manager = await consoleOf(browser, info, "manager@dostavka.example");
    await manager.goto("/console/en/menus");
    await expect(manager.getByRole("heading", { name: "Menus", level: 1 })).toBeVisible();
    await expect(manager).toHaveTitle(/^(\(\d+\) )?Menus — Dostavka Demo$/);
    await manager.keyboard.press("Tab");
    const skip = manager.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expectFocusRing(skip);
    await manager.keyboard.press("Enter");
    await expect(manager.getByRole("main")).toBeFocused();
    const search = manager.getByRole("searchbox", { name: "Find a vendor" });
    await pressUntilFocused(manager, search);
    await expectFocusRing(search);
    const vendor = manager.getByRole("link", { name: "Тепла Піч" });
    await pressUntilFocused(manager, vendor);
    await expectFocusRing(vendor);
    const width = info.project.name === "tablet" ? "tablet" : "desktop";
    await screenshot(manager, `console/keyboard-${width}-en`);
    await manager.context().close();
  },
);

test("a courier who cannot give the customer's code five times leaves the delivery to the dispatcher, whose order page says so", async ({
  page,
  browser,
}, info) => {
  await signInQuickly(page, range(info));
  const order = await orderFromTheStore(page);
  // Тарас Шевчук, a demo courier of Kyiv, signs in to the courier API (a native shell's token), with
  // the code the demo's outbox kept.
  const phone = "+380671112233";
  const courierApi = (endpoint: { path: string }) => `/api/courier${endpoint.path}`;
  await page.request.post(courierApi(courierEndpoints.sendPhoneConfirmation(phone)), { headers: apiHeaders });
  const [sms] = await (await page.request.get(`/api/dev${devEndpoints.outbox({ to: phone }).path}`)).json();
  const login = await page.request.post(courierApi(courierEndpoints.login()), {
    headers: { ...apiHeaders, "x-platform": "android" },
    data: { phone, token: sms.code },
  });
  expect(login.status(), await login.text()).toBe(200);
  const asCourier = { ...apiHeaders, authorization: `Bearer ${(await login.json()).token}` };

  // The dispatcher gives them the order; the kitchen and the courier take it to the door.
  const { api: dispatch } = await consoleApiAs({
    baseURL: info.project.use.baseURL as string,
    email: "dispatch@dostavka.example",
  });
  const { couriers } = await (await dispatch.get(`/api/console${consoleEndpoints.couriers().path}`)).json();
  const taras = couriers.find((courier: { phone: string }) => courier.phone === phone);
  const assigned = await dispatch.post(`/api/console${consoleEndpoints.assignCourier(order.id).path}`, {
    data: { courierId: taras.id },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const dispatchKey = { ...apiHeaders, "X-Api-Key": demoSecrets().opsKeys.dispatch };
  for (const move of ["accept", "preparing", "ready"])
    await page.request.post(`/api/ops/orders/${order.id}/${move}`, { headers: dispatchKey });
  for (const step of ["picked-up", "arrived"] as const)
    await page.request.post(courierApi(courierEndpoints.step(order.id, step)), { headers: asCourier });
  // Five codes that are not the one the customer's page shows.
  const mine = await (
    await page.request.get(`/api${endpoints.customer.order(order.id).path}`, { headers: apiHeaders })
  ).json();
  const wrong = mine.handoverCode === "0000" ? "1111" : "0000";
  const answers: number[] = [];
  for (let tries = 0; tries < 5; tries++) {
    const refused = await page.request.post(courierApi(courierEndpoints.step(order.id, "delivered")), {
      headers: asCourier,
      data: { handoverCode: wrong },
    });
    answers.push(refused.status());
  }
  expect(answers).toEqual([400, 400, 400, 400, 409]);

  const dispatcher = await consoleOf(browser, info, "dispatch@dostavka.example");
  await dispatcher.goto(`/console/en/orders/${order.id}`);
  await expect(dispatcher.getByRole("alert")).toHaveText(
    "The courier entered 5 wrong hand-over codes and can try no more: call the customer, then complete the order.",
  );
  await dispatcher.context().close();
  await dispatch.dispose();
});
