import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { SUPPORTED_LOCALES } from "@storefront/domain";
import { port } from "../server-data.ts";
import { atEveryWidth, atOneWidth, expect, oneWidthPerLanguage, pageIsLive, test } from "./fixtures.ts";
import { screenshot } from "./screenshots.ts";
import { say } from "./words.ts";

/**
 * No serious or critical fault axe finds, and headings that go down one level at a time: a screen
 * reader's list of the page's headings skips none.
 */
async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical" || v.id === "heading-order",
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const vendorCards = (page: Page) =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2 }) });

test("a locality shows its first thirty vendors, loading the rest as the visitor scrolls", async ({
  page,
}, info) => {
  await page.goto("/en/riga");
  await expect(page).toHaveTitle("Dostavka — Riga");
  // A link to it shared in a chat previews with the page's title, a description and the picture.
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Dostavka — Riga");
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /\w{3}/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await expect(page.getByRole("heading", { level: 1, name: "Restaurants and stores in Riga" })).toBeVisible();
  await expect(page.getByText("40 places")).toBeVisible();
  await expect(vendorCards(page)).toHaveCount(30);
  // More load as the list scrolls into view, by script: scrolled before the page is live, the link
  // the server drew may be replaced under the scroll.
  await pageIsLive(page);
  await page.getByRole("link", { name: "Show more" }).scrollIntoViewIfNeeded();
  await expect(vendorCards(page)).toHaveCount(40);
  await expect(page.getByRole("link", { name: "Show more" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // On a phone the filter bar slides under the header while the list scrolls down, and comes back
  // on the way up.
  if (info.project.name === "phone") {
    const filters = page.getByRole("button", { name: "Categories" });
    const header = page.getByRole("banner");
    const underHeader = async () => {
      const [bar, top] = [await filters.boundingBox(), await header.boundingBox()];
      return Boolean(bar && top && bar.y + bar.height <= top.y + top.height);
    };
    // Each scroll is seen by the page before the next: a browser runs scroll events once a frame,
    // so two scrolls in one frame would be one, from the bottom of the list to 900 px, on the way up.
    const scroll = (to: { top: number } | { by: number }) =>
      page.evaluate(
        (to) =>
          new Promise((seen) => {
            if ("top" in to) window.scrollTo(0, to.top);
            else window.scrollBy(0, to.by);
            requestAnimationFrame(() => requestAnimationFrame(seen));
          }),
        to,
      );
    await scroll({ top: 0 });
    await expect.poll(underHeader).toBe(false);
    await scroll({ by: 900 });
    await expect.poll(underHeader).toBe(true);
    await scroll({ by: -300 });
    await expect.poll(underHeader).toBe(false);
  }

  // The header's logo is the partner's name in text (the demo's setting), and leads home.
  await expect(page.getByRole("banner").getByRole("link", { name: "Dostavka, home" })).toHaveText("Dostavka");
  // The footer: who runs the service, and how to reach its support.
  const footer = page.getByRole("contentinfo");
  for (const line of [
    "Dostavka Demo SIA",
    "Brīvības iela 68, Rīga, LV-1011, Latvija",
    "Reg. No. 40003000000 (demo)",
  ])
    await expect(footer.getByText(line, { exact: true })).toBeVisible();
  await expect(footer.getByRole("link", { name: "+37120000000" })).toHaveAttribute(
    "href",
    "tel:+37120000000",
  );
  await expect(footer.getByRole("link", { name: "support@dostavka.demo" })).toHaveAttribute(
    "href",
    "mailto:support@dostavka.demo",
  );
  await expect(footer.getByText("Everyday from 08:00 to 23:00")).toBeVisible();
  await expect(footer.getByRole("link", { name: "Help and contacts" })).toHaveAttribute(
    "href",
    "/en/support",
  );
  // Its social networks: those the partner gave, each on its own site.
  const networks = footer.getByRole("list", { name: "Social networks" });
  for (const network of ["facebook", "instagram"])
    await expect(networks.getByRole("link", { name: network })).toHaveAttribute(
      "href",
      `https://www.${network}.com/dostavka.demo`,
    );
  await expect(networks.getByRole("link", { name: "telegram" })).toHaveAttribute(
    "href",
    "https://t.me/dostavka_demo",
  );
  await expect(networks.getByRole("link", { name: "twitter" })).toHaveCount(0);
});

test("the rating filter keeps only the best-rated vendors", atOneWidth("desktop"), async ({ page }) => {
  await page.goto("/en/riga");
  await page.getByRole("button", { name: "Rating" }).click();
  await page.getByRole("radio", { name: "The best: from 4.1" }).check();
  await page.getByRole("dialog", { name: "Rating" }).getByRole("button", { name: "Show results" }).click();
  await expect(page).toHaveURL(/rating=the-best/);
  await expect(page.getByRole("link", { name: "Reset 1 filter" })).toBeVisible();
  const cards = await vendorCards(page).allTextContents();
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards) expect(Number(/Rating(\d\.\d)/.exec(card)?.[1])).toBeGreaterThanOrEqual(4.1);
});

test("a top category narrows the list", atOneWidth("desktop"), async ({ page }) => {
  await page.goto("/en/riga");
  await page.getByRole("list", { name: "Popular categories" }).getByRole("link", { name: "Pizza" }).click();
  await expect(page).toHaveURL(/categories=\d+/);
  await expect(page.getByText(/^\d+ places?$/)).not.toHaveText("40 places");
  await expect(vendorCards(page).first()).toBeVisible();
});

/** A dish typed as a customer might (misspelled, or with Arabic short vowels) and where it is. */
const DISH_SEARCHES = [
  {
    lang: "en",
    locality: "riga",
    typed: "cheesburger",
    dish: "Classic cheeseburger",
    vendor: /Burgeru Brāļi/,
  },
  // Both of Baghdad's Iraqi kitchens serve it; which comes first depends on which is open.
  { lang: "ar", locality: "baghdad", typed: "كَبَاب", dish: "كباب عراقي", vendor: /مسكوف دجلة|بيت بغداد/ },
] as const;

for (const { lang, locality, typed, dish, vendor } of DISH_SEARCHES) {
  test(
    `search finds a dish however it is typed and opens it on its vendor's menu (${lang})`,
    atEveryWidth(),
    async ({ page }) => {
      await page.goto(`/${lang}/${locality}`);
      await page.getByRole("link", { name: say(lang, "filters.search") }).click();
      const dialog = page.getByRole("dialog", { name: say(lang, "search.title") });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("searchbox").fill(typed.slice(0, 2));
      if (lang === "en") await expect(dialog.getByText("Type at least 3 characters")).toBeVisible();
      // The browser's own call carries the partner and the build (foundations §7).
      const searched = page.waitForRequest(
        (request) => new URL(request.url()).searchParams.get("q") === typed,
      );
      await dialog.getByRole("searchbox").fill(typed);
      expect((await searched).headers()).toMatchObject({
        "x-partner-code": "demo",
        "x-build-version": expect.stringMatching(/\S/),
      });
      // Dishes first, each with its vendor; the one looked for among the first three.
      const dishes = dialog.getByRole("region", { name: say(lang, "search.dishes") }).getByRole("link");
      const found = dishes.filter({ hasText: dish }).filter({ hasText: vendor }).first();
      await expect(found).toBeVisible();
      const firstThree = (await dishes.allInnerTexts()).slice(0, 3);
      expect(firstThree.some((text) => text.includes(dish) && vendor.test(text))).toBe(true);
      await expect(dialog.getByRole("region", { name: say(lang, "search.vendors") })).toBeVisible();
      await found.click();
      await expect(page).toHaveURL(
        new RegExp(`/${lang}/${locality}/vendor/\\d+\\?modal=ProductModal&product=\\d+$`),
      );
      await expect(page.getByRole("dialog", { name: dish })).toBeVisible();
    },
  );
}

test("a product opens in a modal with its option rules, and Escape closes it", async ({ page }) => {
  await page.goto("/en/riga");
  await vendorCards(page).filter({ hasText: "Pica Fornello" }).getByRole("link").click();
  await expect(page).toHaveTitle("Dostavka — Pica Fornello");
  await page.getByRole("region", { name: "Pizza" }).getByRole("link", { name: "Margherita" }).click();
  const dialog = page.getByRole("dialog", { name: "Margherita" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/modal=ProductModal&product=\d+/);
  await expect(dialog.getByRole("group", { name: /Size/ })).toContainText("Required");
  const toppings = dialog.getByRole("group", { name: /Extra toppings/ }).getByRole("checkbox");
  const allowed = 3;
  for (let i = 0; i < allowed; i++) await toppings.nth(i).check();
  await expect(toppings.nth(allowed)).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/modal=/);
  await expect(page).not.toHaveURL(/product=/);
});

test(
  "the second brand's Lisbon storefront reads its menus in Portuguese",
  atOneWidth("desktop"),
  async ({ page }, info) => {
    await page.goto(`http://verde.localhost:${port}/pt/lisboa`);
    await vendorCards(page).filter({ hasText: "Pizzaria do Tejo" }).getByRole("link").click();
    const pizzas = page.getByRole("region", { name: "Pizzas" });
    await expect(pizzas.getByRole("link", { name: "Quatro queijos" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Massas" }).getByRole("link", { name: "Esparguete à bolonhesa" }),
    ).toBeVisible();
    await pizzas.scrollIntoViewIfNeeded();
    await screenshot(page, `verde-vendor-pt-${info.project.name}`);
  },
);

test("popular products open from the vendor page and close on an outside click", async ({ page }) => {
  await page.goto("/en/riga");
  await vendorCards(page).first().getByRole("link").click();
  await page.getByRole("link", { name: "See all" }).click();
  await expect(page).toHaveURL(/modal=PopularProducts&vendor=\d+/);
  const dialog = page.getByRole("dialog", { name: /^Popular at / });
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/vendor=/);
  await expectNoSeriousA11yViolations(page);
});

test("a page goes live as the server wrote it, its prices and all: in Malagasy, and in Ukrainian in hryvnias", async ({
  page,
}) => {
  // Browsers have no Malagasy number formats and fell back to the device's language; Chromium's ICU
  // writes a hryvnia "грн" where the server's wrote "₴". Either way React threw the page away (decision 0188).
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  for (const [path, price] of [
    ["/mg/riga?switchLocale=1", /\d,\d\d\s€/],
    ["/uk/kyiv?switchLocale=1", /\d\s₴/],
  ] as const) {
    await page.goto(path);
    await pageIsLive(page);
    expect(errors).toEqual([]);
    await expect(page.getByRole("main").getByText(price).first()).toBeVisible();
  }
});

test("switching to Arabic lays the page out right to left", atOneWidth("desktop"), async ({ page }) => {
  await page.goto("/en/baghdad");
  await page.getByRole("link", { name: "Language" }).click();
  await page.getByRole("dialog", { name: "Language" }).getByRole("radio", { name: "العربية" }).check();
  await expect(page).toHaveURL(/\/ar\/baghdad$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
});

for (const lang of ["en", "ar"] as const) {
  test(
    `an unknown vendor or locality is a 404 page named in the tab's title, with one way back (${lang})`,
    oneWidthPerLanguage(lang),
    async ({ page }, info) => {
      const notFound = say(lang, "error.notFound.title");
      const vendor = await page.goto(`/${lang}/riga/vendor/999999`);
      expect(vendor?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: notFound })).toBeVisible();
      await expect(page).toHaveTitle(`Dostavka — ${notFound}`);
      // Its button leads to the catalogue; no close button beside it goes to the same place.
      await expect(page.getByRole("link", { name: say(lang, "common.close") })).toHaveCount(0);
      await screenshot(page, `not-found-${info.project.name}-${lang}`);

      const locality = await page.goto(`/${lang}/atlantis`);
      expect(locality?.status()).toBe(404);
      await expect(page.getByText(say(lang, "error.localityNotFound"))).toBeVisible();
      await expect(page).toHaveTitle(`Dostavka — ${notFound}`);
      await expect(page.getByRole("link", { name: say(lang, "common.close") })).toHaveCount(0);
      await page.getByRole("link", { name: say(lang, "error.toCatalogue") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/riga$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    },
  );
}

test("the error page passes the accessibility check", atOneWidth("desktop"), async ({ page }) => {
  await page.goto("/en/riga/nothing/here");
  await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test(
  "a page that cannot load says why: the service broken, anything else, no connection, each with its way out",
  atOneWidth("phone"),
  async ({ page, context }) => {
    // The next page's data comes as the browser asks for it (`….data`): what a proxy in front of
    // the storefront answers while it is down, or nothing at all once the connection is gone.
    const nextPageData = /\.data(\?|$)/;
    const openFirstVendor = async () => {
      // Followed by script, the link asks for the page's data: before the page is live, the
      // browser would load the whole page.
      await pageIsLive(page);
      const card = vendorCards(page).first();
      const name = (await card.getByRole("heading", { level: 2 }).textContent()) ?? "";
      await card.getByRole("link").click();
      return name;
    };

    await page.goto("/en/riga");
    await page.route(nextPageData, (route) =>
      route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" }),
    );
    await openFirstVendor();
    await expect(page.getByText("503", { exact: true })).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 1, name: "Sorry, the service is temporarily broken" }),
    ).toBeVisible();
    await expect(page.getByText("Thank you for your patience: we are already fixing it.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    await page.unroute(nextPageData);
    // The close button leads back to the catalogue.
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/en\/riga$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Restaurants and stores in Riga" }),
    ).toBeVisible();

    // Any other refusal: something went wrong, and the way to the catalogue (no close button too).
    await page.route(nextPageData, (route) =>
      route.fulfill({ status: 403, contentType: "text/plain", body: "Forbidden" }),
    );
    await openFirstVendor();
    await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
    await expect(page.getByText("Please try again later.", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Close" })).toHaveCount(0);
    await page.unroute(nextPageData);
    await page.getByRole("link", { name: "Go to the catalogue" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Restaurants and stores in Riga" }),
    ).toBeVisible();

    // No connection at all.
    await context.setOffline(true);
    const vendor = await openFirstVendor();
    await expect(page.getByRole("heading", { level: 1, name: "No internet connection" })).toBeVisible();
    await expect(page.getByText("Check your internet connection and try again.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Close" })).toBeVisible();
    // Back online, trying again loads the page that failed.
    await context.setOffline(false);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: vendor })).toBeVisible();

    // A page outside any language (the site's root, which sends a visitor on) failing while the
    // service is down: the error page is still in the visitor's language.
    await page.goto("/ar/riga?switchLocale=1");
    await pageIsLive(page);
    await page.route(nextPageData, (route) =>
      route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" }),
    );
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }
      ).__reactRouterDataRouter.navigate("/"),
    );
    await expect(
      page.getByRole("heading", { level: 1, name: say("ar", "error.server.title") }),
    ).toBeVisible();
    await page.unroute(nextPageData);
  },
);

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the catalogue reads and pages on the server", async ({ page }) => {
    await page.goto("/en/riga");
    await expect(vendorCards(page)).toHaveCount(30);
    await page.getByRole("link", { name: "Show more" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(vendorCards(page)).toHaveCount(40);
    // A link to a later page shows every vendor up to it.
    await page.goto("/en/riga?page=3");
    await expect(vendorCards(page)).toHaveCount(40);
    await expect(page.getByRole("link", { name: "Show more" })).toHaveCount(0);
  });
});

/** The vendor's facts whose hint's icon sticks out of the label's box or lies over its words. */
function crowdedLabels(page: Page): Promise<string[]> {
  return page.getByRole("term").evaluateAll((labels) =>
    labels.flatMap((label) => {
      const icon = label.querySelector(".icon")?.getBoundingClientRect();
      if (!icon) return [];
      const box = label.getBoundingClientRect();
      const words = document.createRange();
      words.selectNodeContents(label.firstChild as Node);
      const under = [...words.getClientRects()].some(
        (line) =>
          line.right > icon.left &&
          line.left < icon.right &&
          line.bottom > icon.top &&
          line.top < icon.bottom,
      );
      // Two pixels into the padding around it are no harm.
      const outside = icon.left < box.left - 2 || icon.right > box.right + 2;
      return under || outside ? [(label as HTMLElement).innerText] : [];
    }),
  );
}

test(
  "the vendor's figures explain themselves: a popup on phones, a tooltip on desktop",
  atEveryWidth(),
  async ({ page }, info) => {
    await page.goto("/en/riga");
    await vendorCards(page).filter({ hasText: "Pica Fornello" }).getByRole("link").click();
    const hint = page.getByRole("button", { name: "Minimum order" });
    if (info.project.name === "phone") {
      await hint.click();
      const popup = page.getByRole("dialog", { name: "Minimum order" });
      await expect(popup).toContainText("Orders from €8.00 at this place.");
      await popup.getByRole("button", { name: "Got it" }).click();
      await expect(popup).toBeHidden();
      // On a 320 px phone, in every language, each hint's icon stays inside its label's box and
      // clear of the label's words, line by line (Russian's "Минимальный" pushed it out and
      // Malagasy's words ran under it, when it stood at the box's end).
      const vendor = new URL(page.url()).pathname;
      await page.setViewportSize({ width: 320, height: 640 });
      for (const lang of SUPPORTED_LOCALES) {
        await page.goto(`${vendor.replace(/^\/en\//, `/${lang}/`)}?switchLocale=1`);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByRole("term")).toHaveCount(4);
        expect(await crowdedLabels(page), lang).toEqual([]);
      }
    } else {
      await hint.hover();
      await expect(page.getByRole("tooltip")).toHaveText("Orders from €8.00 at this place.");
    }
  },
);

test("the filter panel stays on screen in Arabic", atEveryWidth(), async ({ page }) => {
  await page.goto("/ar/baghdad?switchLocale=1");
  await page.getByRole("button", { name: "الفئات" }).click();
  const panel = page.getByRole("dialog", { name: "الفئات" });
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport!.width);
});
