import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { apiHeaders, signInQuickly } from "./api-orders.ts";
import { cutTexts, expect, oneWidthPerLanguage, pageIsLive, sidewaysOverflow, test } from "./fixtures.ts";
import { ADDRESS, openRestaurant } from "./restaurants.ts";
import { screenshot } from "./screenshots.ts";
import { type Lang, say } from "./words.ts";

/**
 * Another person's browser at the same width as the test's, on a network address of its own (as the
 * fixture gives each test one), so three people are three visitors to the storefront.
 */
async function otherBrowser(browser: Browser, info: TestInfo, person: number): Promise<Page> {
  const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor, baseURL } = info.project.use;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 256;
  const context = await browser.newContext({
    viewport: viewport ?? null,
    ...(userAgent ? { userAgent } : {}),
    ...(isMobile === undefined ? {} : { isMobile }),
    ...(hasTouch === undefined ? {} : { hasTouch }),
    ...(deviceScaleFactor ? { deviceScaleFactor } : {}),
    ...(baseURL ? { baseURL } : {}),
    extraHTTPHeaders: { "X-Forwarded-For": `198.19.${worker}.${person}` },
  });
  return context.newPage();
}

for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  test(
    `three people fill one group order from three browsers and the host pays once for all (${lang})`,
    oneWidthPerLanguage(lang),
    async ({ page, browser }, info) => {
      // Three people's browsers share the machine's two cores with the server and the other worker.
      test.setTimeout(120_000);
      const words = (key: string, values: Record<string, string> = {}) => say(lang, key, values);
      const range = info.project.name === "phone" ? 60 : 70;
      const vendor = await openRestaurant(page);
      // The menu in the test's language: the dish's name as the page shows it.
      const menu = await (
        await page.request.get(`/api/vendors/${vendor.id}/catalogue`, {
          headers: { ...apiHeaders, "Accept-Language": lang },
        })
      ).json();
      const dish = menu.sections
        .flatMap((section: { products: Array<{ id: number; name: string }> }) => section.products)
        .find((product: { id: number }) => product.id === vendor.plain.id).name as string;

      // Anna, signed in with a delivery address, starts a group order from the restaurant's page.
      await signInQuickly(page, range, "Anna");
      await page.goto(`/${lang}/riga/vendor/${vendor.id}?address=${ADDRESS}`);
      await pageIsLive(page);
      await page.getByRole("button", { name: words("group.start") }).click();
      const group = page.getByRole("region", { name: words("group.title", { name: "Anna" }) });
      await expect(group).toBeVisible();
      await expect(group.getByText(words("group.status.OPEN"), { exact: true })).toBeVisible();
      const link = await group.getByRole("textbox", { name: words("group.share") }).inputValue();
      expect(link).toMatch(new RegExp(`/${lang}/riga/vendor/${vendor.id}\\?group=[\\w-]{20,}$`));
      // A popular dish shows twice: among the popular ones and in its section.
      await page
        .getByRole("button", { name: words("product.addNamed", { name: dish }) })
        .first()
        .click();
      const annaHere = group.getByRole("listitem", { name: "Anna", exact: true });
      await expect(annaHere.getByText(dish)).toBeVisible();

      // Bea opens the link without signing in and joins under her name.
      const bea = await otherBrowser(browser, info, lang === "en" ? 1 : 2);
      await bea.goto(link);
      const beaGroup = bea.getByRole("region", { name: words("group.title", { name: "Anna" }) });
      await expect(
        beaGroup.getByRole("listitem", { name: "Anna", exact: true }).getByText(dish),
      ).toBeVisible();
      await pageIsLive(bea);
      await beaGroup.getByRole("button", { name: words("group.join") }).click();
      await expect(beaGroup.getByText(words("group.nameNeeded"))).toBeVisible();
      await beaGroup.getByRole("textbox", { name: words("group.yourName") }).fill("Bea");
      await beaGroup.getByRole("button", { name: words("group.join") }).click();
      await expect(
        beaGroup.getByRole("heading", { name: words("group.you", { name: "Bea" }) }),
      ).toBeVisible();
      await bea
        .getByRole("button", { name: words("product.addNamed", { name: dish }) })
        .first()
        .click();
      await expect(
        beaGroup.getByRole("listitem", { name: "Bea", exact: true }).getByText(dish),
      ).toBeVisible();

      // Carl, signed in, joins under his profile's name, chooses two and says he is done.
      const carl = await otherBrowser(browser, info, lang === "en" ? 3 : 4);
      await signInQuickly(carl, range, "Carl");
      await carl.goto(link);
      const carlGroup = carl.getByRole("region", { name: words("group.title", { name: "Anna" }) });
      await pageIsLive(carl);
      await expect(carlGroup.getByRole("textbox", { name: words("group.yourName") })).toHaveValue("Carl");
      await carlGroup.getByRole("button", { name: words("group.join") }).click();
      const carlHere = carlGroup.getByRole("listitem", { name: "Carl", exact: true });
      await expect(carlHere).toBeVisible();
      await carl
        .getByRole("button", { name: words("product.addNamed", { name: dish }) })
        .first()
        .click();
      await expect(carlHere.getByText(dish)).toBeVisible();
      await carlHere.getByRole("button", { name: words("cart.more", { name: dish }) }).click();
      await expect(carlHere.getByRole("status")).toHaveText("2");
      // On Carl's small phone the dish's name keeps its room: the stepper goes under it.
      await carl.setViewportSize({ width: 320, height: 640 });
      expect(await cutTexts(carlHere)).toEqual([]);
      // Another person's line is theirs: Carl has no buttons on Bea's.
      const beaOnCarls = carlGroup.getByRole("listitem", { name: "Bea", exact: true });
      await expect(beaOnCarls.getByText(dish)).toBeVisible();
      await expect(beaOnCarls.getByRole("button")).toHaveCount(0);
      await carlGroup.getByRole("button", { name: words("group.markDone") }).click();
      await expect(carlHere.getByText(words("group.done"), { exact: true })).toBeVisible();

      // Anna sees the others' choices come in without reloading, each with its subtotal.
      await expect(group.getByRole("listitem", { name: "Bea", exact: true }).getByText(dish)).toBeVisible();
      const carlOnAnnas = group.getByRole("listitem", { name: "Carl", exact: true });
      await expect(carlOnAnnas.getByRole("status")).toHaveText("2");
      await expect(carlOnAnnas.getByText(words("group.done"), { exact: true })).toBeVisible();
      await group.scrollIntoViewIfNeeded();
      await screenshot(page, `group-order-host-${info.project.name}-${lang}`);
      await expect(
        beaGroup.getByRole("listitem", { name: "Carl", exact: true }).getByText(dish),
      ).toBeVisible();
      await beaGroup.scrollIntoViewIfNeeded();
      await screenshot(bea, `group-order-guest-${info.project.name}-${lang}`);

      // Anna locks it: the others can no longer change it, and she checks out the one cart.
      await group.getByRole("button", { name: words("group.lock") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/cart$`));
      for (const name of ["Anna", "Bea", "Carl"])
        await expect(page.getByText(words("group.forPerson", { name })).first()).toBeVisible();
      await expect(beaGroup.getByText(words("group.locked.guest", { name: "Anna" }))).toBeVisible();
      await expect(bea.getByRole("button", { name: words("group.markDone") })).toBeHidden();

      await pageIsLive(page);
      await page.getByRole("button", { name: words("checkout.place") }).click();
      await expect(page.getByRole("dialog", { name: words("success.title") })).toBeVisible();

      // One order for everyone, its lines by person; the guests are told it is on its way.
      const mine = await (await page.request.get("/api/customer/me/orders", { headers: apiHeaders })).json();
      expect(mine.activeOrders).toHaveLength(1);
      await expect(beaGroup.getByText(words("group.ordered", { name: "Anna" }))).toBeVisible();
      await expect(carlGroup.getByText(words("group.ordered", { name: "Anna" }))).toBeVisible();
      await page.goto(`/${lang}/menu/orders/${mine.activeOrders[0].id}/status`);
      for (const name of ["Anna", "Bea", "Carl"])
        await expect(page.getByText(words("group.forPerson", { name }))).toBeVisible();

      await bea.context().close();
      await carl.context().close();
    },
  );
}

for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  test(
    `the host calls a group order off and a guest's open page says so (${lang})`,
    oneWidthPerLanguage(lang),
    async ({ page, browser }, info) => {
      const words = (key: string, values: Record<string, string> = {}) => say(lang, key, values);
      const range = info.project.name === "phone" ? 60 : 70;
      const vendor = await openRestaurant(page);
      await signInQuickly(page, range, "Anna");
      await page.goto(`/${lang}/riga/vendor/${vendor.id}?address=${ADDRESS}`);
      await pageIsLive(page);
      await page.getByRole("button", { name: words("group.start") }).click();
      const group = page.getByRole("region", { name: words("group.title", { name: "Anna" }) });
      const link = await group.getByRole("textbox", { name: words("group.share") }).inputValue();

      const bea = await otherBrowser(browser, info, lang === "en" ? 5 : 6);
      await bea.goto(link);
      const beaGroup = bea.getByRole("region", { name: words("group.title", { name: "Anna" }) });
      await pageIsLive(bea);
      // Bea's phone is a small one: the link, its copy button and the name to join with fit its
      // 320 px, each button inside its own edges, and nothing pushes the page sideways.
      await bea.setViewportSize({ width: 320, height: 640 });
      await expect(beaGroup.getByRole("button", { name: words("group.join") })).toBeVisible();
      expect(await sidewaysOverflow(beaGroup)).toEqual([]);
      await beaGroup.getByRole("textbox", { name: words("group.yourName") }).fill("Bea");
      await beaGroup.getByRole("button", { name: words("group.join") }).click();
      await expect(
        beaGroup.getByRole("heading", { name: words("group.you", { name: "Bea" }) }),
      ).toBeVisible();
      // Her "I'm done" button's words can be read against its green (WCAG AA).
      await expect(beaGroup.getByRole("button", { name: words("group.markDone") })).toBeVisible();
      const contrast = await new AxeBuilder({ page: bea })
        .include("#group-order")
        .withRules(["color-contrast"])
        .analyze();
      expect(contrast.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
      // Only the host may call it off.
      await expect(beaGroup.getByRole("button", { name: words("group.callOff") })).toHaveCount(0);

      // Anna thinks twice, then calls it off.
      await group.getByRole("button", { name: words("group.callOff") }).click();
      const confirm = page.getByRole("alertdialog", { name: words("group.callOff.title") });
      await expect(confirm).toBeVisible();
      await screenshot(page, `group-order-call-off-${info.project.name}-${lang}`);
      await confirm.getByRole("button", { name: words("group.callOff.keep") }).click();
      await expect(group.getByRole("listitem", { name: "Bea", exact: true })).toBeVisible();
      await group.getByRole("button", { name: words("group.callOff") }).click();
      await confirm.getByRole("button", { name: words("group.callOff") }).click();
      await expect(page).not.toHaveURL(/group=/);
      await expect(group).toBeHidden();
      await expect(page.getByRole("button", { name: words("group.start") })).toBeVisible();

      // Bea's open page hears it at once from the group's live feed, and the link no longer opens the group.
      await expect(
        bea.getByRole("alert").filter({ hasText: words("group.calledOff", { name: "Anna" }) }),
      ).toBeVisible();
      await expect(beaGroup).toBeHidden();
      await bea.goto(link);
      await expect(bea.getByRole("alert").filter({ hasText: words("group.refused.gone") })).toBeVisible();
      await expect(beaGroup).toBeHidden();
      await bea.context().close();
    },
  );
}
