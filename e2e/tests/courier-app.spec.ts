import fs from "node:fs";
import type { Page } from "@playwright/test";
import {
  type CourierJobs,
  type CustomerOrder,
  consoleEndpoints,
  courierEndpoints,
  endpoints,
} from "@storefront/domain/contract";
import sharp from "sharp";
import { demoSecrets } from "../server-data.ts";
import { apiHeaders, placeOrderIn, signInQuickly } from "./api-orders.ts";
import { consoleApiAs, consoleStaff } from "./console-staff.ts";
import { codeFor, newPhone } from "./customer.ts";
import { expect, sidewaysOverflow, test } from "./fixtures.ts";
import { screenshot } from "./screenshots.ts";
import { say as storefrontSays } from "./words.ts";

/**
 * The courier app (apps/courier) on a phone, as a courier takes a job from the kitchen to the door:
 * the one place where the courier's sign-in, shift, steps and hand-over code are driven through its
 * screens (the API's rules are apps/api/test/courier-app.test.ts's).
 */

/** Near Комора 24, in Kyiv: where the phone says the courier is. */
const KYIV = { latitude: 50.4585, longitude: 30.4955 };
test.use({ geolocation: KYIV, permissions: ["geolocation"] });

type Lang = "en" | "ar";

/** The courier app's words in a language, placeholders filled (isolated in Arabic, as its build does). */
function wordsOf(lang: Lang | "uk") {
  const catalogue = JSON.parse(fs.readFileSync(`../apps/courier/locales/${lang}.json`, "utf8")) as Record<
    string,
    string
  >;
  return (key: string, values: Record<string, string | number> = {}) =>
    (catalogue[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) =>
      lang === "ar" ? `\u2068${values[name]}\u2069` : String(values[name]),
    );
}

/**
 * A new courier, added to the partner's list by its dispatcher and signed in through the API (the
 * browser keeps the session): the dispatcher's API, to dispose of, and the courier's id.
 */
async function newCourierSignedIn(page: Page, baseURL: string, phoneSeed: number) {
  const phone = newPhone(phoneSeed).replace(/\s/g, "");
  const { api: dispatch } = await consoleApiAs({ baseURL, email: "dispatch@dostavka.example" });
  const added = await dispatch.post(`/api/console${consoleEndpoints.addCourier().path}`, {
    data: { name: "Sarah", phone },
  });
  expect(added.status(), await added.text()).toBe(201);
  const code = `/api/courier${courierEndpoints.sendPhoneConfirmation(phone).path}`;
  expect((await page.request.post(code, { headers: apiHeaders })).status()).toBe(200);
  const signedIn = await page.request.post(`/api/courier${courierEndpoints.login().path}`, {
    headers: apiHeaders,
    data: { phone, token: await codeFor(page, phone) },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return { dispatch, courierId: (await added.json()).id as number };
}

/** The store of Kyiv whose orders wait for its staff, not for the demo's simulated kitchen and courier. */
const STORE = "Комора 24";

// The two languages' couriers stand at the same counter: one after the other, so each is offered
// their own customer's order.
test.describe.configure({ mode: "serial" });

// A courier left on shift by a failed test would be offered the next one's order.
test.afterEach(async ({ page }) => {
  await page.request.put(`/api/courier${courierEndpoints.shift().path}`, {
    headers: apiHeaders,
    data: { online: false },
  });
});

for (const lang of ["en", "ar"] as const) {
  test(`a courier signs in, goes on shift, is offered an order, takes it to the door with the customer's code while the customer follows, and hands in its cash (${lang})`, async ({
    page,
    browser,
  }, info) => {
    const say = wordsOf(lang);
    // The scene, through the API: a customer's cash order from the store and a new courier on the
    // partner's list. The kitchen moves it up to READY once the courier is on shift.
    await signInQuickly(page, 39);
    const order = await placeOrderIn(page, "kyiv", { vendor: STORE });
    /** The customer's own view of the order: what they pay, and later the code they tell at the door. */
    const customersOrder = async () =>
      (await (
        await page.request.get(`/api${endpoints.customer.order(order.id).path}`, { headers: apiHeaders })
      ).json()) as CustomerOrder;
    const { price } = await customersOrder();
    const phone = newPhone(40).replace(/\s/g, "");
    const courierName = lang === "ar" ? "سارة" : "Sarah";
    const { api: dispatch } = await consoleApiAs({
      baseURL: info.project.use.baseURL as string,
      email: "dispatch@dostavka.example",
    });
    const added = await dispatch.post(`/api/console${consoleEndpoints.addCourier().path}`, {
      data: { name: courierName, phone },
    });
    expect(added.status(), await added.text()).toBe(201);
    await dispatch.dispose();

    // Installable under the partner's own name; its page breaks none of its own policy.
    const manifest = await (await page.request.get("/courier/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({ name: "Dostavka Courier", scope: "/courier/", display: "standalone" });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) violations.push(message.text());
    });

    // The courier signs in with the code the demo's outbox kept, in their phone's language.
    await page.addInitScript((language) => localStorage.setItem("courier.locale", language), lang);
    // The Arabic courier's app is older than the server's build: the offer map's code is gone (a 404),
    // and the offers show without it.
    if (lang === "ar")
      await page.route("**/courier/assets/offer-map-*.js", (route) =>
        route.fulfill({ status: 404, contentType: "text/plain", body: "Not Found" }),
      );
    await page.goto("/courier/");
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    // The browser's tab shows the partner's icon, the one the app installs with.
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", manifest.icons[0].src);
    await page.getByRole("textbox", { name: say("signIn.phone") }).fill(phone);
    await screenshot(page, `courier/sign-in-phone-${lang}`);
    await page.getByRole("button", { name: say("signIn.getCode") }).click();
    await page.getByRole("textbox", { name: say("signIn.code") }).fill(await codeFor(page, phone));
    await page.getByRole("button", { name: say("signIn.submit") }).click();

    // The jobs screen is titled with the app's name, for a screen reader's list of headings.
    await expect(
      page.getByRole("heading", { level: 1, name: say("app.name", { platform: "Dostavka" }) }),
    ).toBeVisible();
    // On shift, the phone's position goes to the API.
    const shift = page.getByRole("switch", { name: say("shift.switch") });
    await expect(shift).not.toBeChecked();
    const located = page.waitForResponse((response) =>
      response.url().endsWith(`/api/courier${courierEndpoints.location().path}`),
    );
    // On shift, the app listens on its live socket: an offer comes the moment dispatch makes it.
    const live = page.waitForEvent("websocket", (socket) =>
      socket.url().endsWith(`/api/courier${courierEndpoints.live().path}`),
    );
    await shift.click();
    await expect(shift).toBeChecked();
    expect((await located).status()).toBe(204);
    const told = (await live).waitForEvent("framereceived", (frame) =>
      String(frame.payload).includes("JOBS_CHANGED"),
    );

    // The customer follows the order on its page, in the same language.
    const customer = await page.context().newPage();
    await customer.goto(`/${lang}/menu/orders/${order.id}/status`);
    const customerSees = (key: string) =>
      customer.getByRole("status").filter({ hasText: storefrontSays(lang, key) });

    // The kitchen has it ready: automatic dispatch offers it to the courier at the counter.
    const kitchen = { ...apiHeaders, "X-Api-Key": demoSecrets().opsKeys.dispatch };
    for (const move of ["accept", "preparing", "ready"]) {
      const moved = await page.request.post(`/api/ops/orders/${order.id}/${move}`, { headers: kitchen });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    await told;
    const offers = page.getByRole("article", { name: say("offer.title") });
    const offer = offers.filter({ hasText: STORE });
    // Other tests' Kyiv orders may be offered first (a courier holds one offer at a time): the
    // courier lets them go, as a courier who does not want them would.
    const others = offers.filter({ hasNotText: STORE });
    await expect(async () => {
      if ((await others.count()) > 0)
        await others
          .first()
          .getByRole("button", { name: say("offer.decline") })
          .click();
      await expect(offer).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 45_000 });
    await expect(offer.getByRole("timer", { name: say("offer.timeLeft") })).toBeVisible();
    // The map is named from the kitchen to the door.
    await expect(offer.getByRole("img", { name: new RegExp(STORE) })).toHaveCount(lang === "ar" ? 0 : 1);
    await offer.getByRole("button", { name: say("offer.accept") }).click();
    await expect(
      customer.getByText(storefrontSays(lang, "order.courier", { name: courierName })),
    ).toBeVisible();

    const job = page.getByRole("article", { name: say("job.title", { id: order.id }) });
    await expect(job.getByText(STORE, { exact: true })).toBeVisible();
    const cash = await page.evaluate(
      ([amount, locale]) =>
        new Intl.NumberFormat(locale, {
          style: "currency",
          currency: "UAH",
          currencyDisplay: "narrowSymbol",
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }).format(amount),
      [price, lang] as const,
    );
    await expect(job.getByText(say("job.collectCash"))).toBeVisible();
    await expect(job.getByText(cash, { exact: true })).toBeVisible();
    await expect(job.getByRole("link", { name: say("navigate.google") })).toHaveAttribute(
      "href",
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d/,
    );
    await screenshot(page, `courier/job-phone-${lang}`);

    // One button a step: picked up, arrived, then the customer's code.
    await job.getByRole("button", { name: say("step.pickedUp") }).click();
    await expect(job.getByText(say("status.onTheWay"))).toBeVisible();
    await expect(customerSees("order.status.ON_DELIVERY")).toBeVisible();

    // The dispatcher's console, at the counter's tablet, sees it too: the courier on Kyiv's map with
    // the order, and the order on the board on its way.
    const desk = await consoleStaff(browser, {
      baseURL: info.project.use.baseURL as string,
      viewport: { width: 820, height: 1180 },
      email: "dispatch@dostavka.example",
      locale: lang,
    });
    const consoleSays = JSON.parse(fs.readFileSync(`../apps/console/locales/${lang}.json`, "utf8")) as Record<
      string,
      string
    >;
    await desk.goto(`/console/${lang}/couriers?city=kyiv`);
    await expect(
      desk.getByRole("button", { name: new RegExp(`${courierName}.*\\b${order.id}\\b`) }),
    ).toBeVisible();
    await desk.goto(`/console/${lang}/orders`);
    // The card whose name begins with the order's number: another card's time or price may hold it.
    const numbered = `^${consoleSays["orders.number"]?.split("{id}")[0]}\u2068?${order.id}(?!\\d)`;
    await expect(desk.getByRole("link", { name: new RegExp(numbered) })).toContainText(
      consoleSays["status.ON_DELIVERY"] as string,
    );
    await desk.context().close();

    await job.getByRole("button", { name: say("step.arrived") }).click();
    await expect(job.getByText(say("status.atTheDoor"))).toBeVisible();
    await expect(customerSees("order.status.ARRIVED")).toBeVisible();
    await job.getByRole("button", { name: say("step.delivered") }).click();
    const { handoverCode } = await customersOrder();
    await page.getByRole("textbox", { name: say("handover.code") }).fill(handoverCode ?? "");
    await screenshot(page, `courier/code-phone-${lang}`);
    await page.getByRole("button", { name: say("handover.submit"), exact: true }).click();
    await expect(
      page.getByRole("status").filter({ hasText: say("handover.done", { id: order.id }) }),
    ).toBeVisible();
    await expect(job).toBeHidden();
    // The customer's page moves on to the finished order.
    await expect(customer).toHaveURL(new RegExp(`/menu/orders/${order.id}/details$`));
    await customer.close();

    // Off shift: the report says what to hand in.
    await shift.click();
    await expect(page.getByRole("heading", { name: say("report.title") })).toBeVisible();
    const figures = page.getByRole("definition");
    await expect(figures.first()).toHaveText(cash);
    await expect(page.getByText(say("report.cash"))).toBeVisible();
    await screenshot(page, `courier/report-phone-${lang}`);
    expect(violations).toEqual([]);
  });
}

test("the photo a courier takes of a contactless order at the door shows on the customer's finished order and the dispatcher's order page", async ({
  page,
  browser,
}, info) => {
  // The scene through the APIs: a contactless order of the store, cooked, given by the dispatcher to a
  // new courier (off shift, so no offer of another test reaches them), who takes it to the door.
  await signInQuickly(page, 77);
  const order = await placeOrderIn(page, "kyiv", { vendor: STORE, contactless: true });
  const kitchen = { ...apiHeaders, "X-Api-Key": demoSecrets().opsKeys.dispatch };
  for (const move of ["accept", "preparing", "ready"]) {
    const moved = await page.request.post(`/api/ops/orders/${order.id}/${move}`, { headers: kitchen });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const { dispatch, courierId } = await newCourierSignedIn(page, info.project.use.baseURL as string, 78);
  const given = await dispatch.post(`/api/console${consoleEndpoints.assignCourier(order.id).path}`, {
    data: { courierId },
  });
  expect(given.status(), await given.text()).toBe(200);
  await dispatch.dispose();
  const step = (name: "picked-up" | "arrived" | "delivered", data?: object) =>
    page.request.post(`/api/courier${courierEndpoints.step(order.id, name).path}`, {
      headers: apiHeaders,
      data,
    });
  expect((await step("picked-up")).status()).toBe(200);
  expect((await step("arrived")).status()).toBe(200);
  // The phone's photo: a real JPEG (a bag on a doormat), shrunk and kept by the API as a WebP.
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#8a5a2b" } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1600" height="1200"><rect x="500" y="350" width="600" height="500" fill="#f5e6c8"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  const delivered = await step("delivered", { photo: `data:image/jpeg;base64,${photo.toString("base64")}` });
  expect(delivered.status(), await delivered.text()).toBe(200);

  // The customer's finished order shows it, loaded from its signed link.
  await page.goto(`/ar/menu/orders/${order.id}/details`);
  const picture = page.getByRole("img", { name: storefrontSays("ar", "order.deliveryPhoto") });
  await picture.scrollIntoViewIfNeeded();
  await expect(picture).toHaveJSProperty("complete", true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await screenshot(page, "courier/delivery-photo-phone-ar");

  // The dispatcher's order page, at the counter's tablet, shows the same photo.
  const desk = await consoleStaff(browser, {
    baseURL: info.project.use.baseURL as string,
    email: "dispatch@dostavka.example",
    viewport: { width: 820, height: 1180 },
  });
  await desk.goto(`/console/en/orders/${order.id}`);
  const seen = desk.getByRole("img", { name: "Photo at the door" });
  await seen.scrollIntoViewIfNeeded();
  await expect(seen).toHaveJSProperty("complete", true);
  expect(await seen.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await screenshot(desk, "console/delivery-photo-tablet-en");
  await desk.context().close();
});

test("a courier whose app cannot draw what the server answers reads that something went wrong and opens the app again", async ({
  page,
}, info) => {
  const say = wordsOf("en");
  const { dispatch } = await newCourierSignedIn(page, info.project.use.baseURL as string, 79);
  await dispatch.dispose();

  // The app was left open since before the server was updated: its jobs come in a shape it cannot draw.
  const jobs = `**/api/courier${courierEndpoints.jobs().path}`;
  await page.route(jobs, (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ offers: [], active: [{ orderId: 1 }], notices: [], serverTime: new Date() }),
    }),
  );
  await page.goto("/courier/");
  await expect(page.getByRole("alert")).toHaveText(say("error.generic"));
  await page.unroute(jobs);
  await page.getByRole("button", { name: say("app.reopen") }).click();
  await expect(page.getByRole("switch", { name: say("shift.switch") })).toBeVisible();
});

test("on a 320 px phone a courier picks their language in the menu: every language's name fits its box, and the app speaks the one picked, its offer's buttons within the screen", async ({
  page,
}, info) => {
  const { dispatch } = await newCourierSignedIn(page, info.project.use.baseURL as string, 76);
  await dispatch.dispose();
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/courier/");
  await page.getByRole("button", { name: wordsOf("en")("menu.title") }).click();

  const languages = page.getByRole("group", { name: wordsOf("en")("menu.language") });
  await expect(languages.getByRole("radio")).toHaveCount(11);
  // No name runs past its box's edge, and no button is squeezed to make room for one.
  const boxes = await languages.locator("label").evaluateAll((labels) =>
    labels.map((label) => ({
      name: label.textContent,
      overflows: label.scrollWidth > label.clientWidth,
      button: label.querySelector("input")?.getBoundingClientRect().width,
    })),
  );
  expect(boxes.filter((box) => box.overflows).map((box) => box.name)).toEqual([]);
  expect(new Set(boxes.map((box) => box.button)).size).toBe(1);

  // The language's words are loaded once it is picked: the radio is checked when they have come.
  await languages.getByRole("radio", { name: "Українська" }).click();
  const uk = wordsOf("uk");
  const ukrainian = page.getByRole("group", { name: uk("menu.language") });
  await expect(ukrainian.getByRole("radio", { name: "Українська" })).toBeChecked();
  await page.reload();
  await expect(page.getByRole("switch", { name: uk("shift.switch") })).toBeVisible();
  // The app's name is shown whole beside the menu button, not cut off.
  const appName = page.getByRole("heading", { level: 1, name: uk("app.name", { platform: "Dostavka" }) });
  expect(await appName.evaluate((name) => name.scrollWidth <= name.clientWidth)).toBe(true);

  // An offer and a job under way, as the jobs' answer brings them: long words stack or wrap (the
  // offer's two buttons, a call's words and number, the map apps) rather than push the screen
  // sideways or spill out of their buttons.
  const job: CourierJobs["active"][number] = {
    orderId: 1,
    status: "READY",
    pickUp: { name: STORE, phone: "+380442011143", address: "вулиця Дмитрівська 44, Київ", ...KYIV },
    alsoPickUp: [],
    dropOff: {
      address: "вулиця Дмитрівська 50, Київ",
      latitude: KYIV.latitude + 0.002,
      longitude: KYIV.longitude,
      apartmentNumber: "12",
      entrance: "2",
      floor: "3",
      intercom: "12K",
      comment: null,
      instructions: { contactless: false, callOnArrival: true, substitution: null },
    },
    customer: { name: "Anna", phone: "+380501234567" },
    itemsCount: 3,
    payment: { type: "CASH", amountToCollect: 605, currencyCode: "UAH" },
    offerExpiresAt: null,
    pays: 115,
    readyAt: null,
    proof: "CODE",
  };
  const jobs: CourierJobs = {
    offers: [{ ...job, orderId: 2, offerExpiresAt: new Date(Date.now() + 45_000).toISOString() }],
    active: [job],
    notices: [],
    serverTime: new Date().toISOString(),
  };
  await page.route(`**/api/courier${courierEndpoints.jobs().path}`, (route) =>
    route.fulfill({ contentType: "application/json", body: JSON.stringify(jobs) }),
  );
  await page.reload();
  const offer = page.getByRole("article", { name: uk("offer.title") });
  await expect(offer.getByRole("button", { name: uk("offer.accept") })).toBeVisible();
  await expect(page.getByRole("article", { name: uk("job.title", { id: 1 }) })).toBeVisible();
  expect(await sidewaysOverflow(page.locator("main"))).toEqual([]);
});
