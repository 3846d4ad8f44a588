import type { Page } from "@playwright/test";
import { apiHeaders, signInQuickly } from "./api-orders.ts";
import { expect, oneWidthPerLanguage, test } from "./fixtures.ts";
import { ADDRESS, openRestaurant } from "./restaurants.ts";
import { screenshot } from "./screenshots.ts";
import { type Lang, say } from "./words.ts";

// The other specs run without the service worker (playwright.config.ts); this one is about it.
test.use({ serviceWorkers: "allow" });

/** The page once the storefront's service worker answers its requests. */
async function controlled(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The copy the service worker keeps of a page, as text; null while there is none. */
function keptCopy(page: Page, path: string): Promise<string | null> {
  return page.evaluate(async (url) => {
    const copy = await caches.match(new URL(url, location.origin).href);
    return copy ? copy.text() : null;
  }, path);
}

for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  test(
    `a customer on a train browses the menus seen before and gets the storefront's offline page elsewhere (${lang})`,
    oneWidthPerLanguage(lang),
    async ({ page, context }, info) => {
      const words = (key: string) => say(lang, key);
      const vendor = await openRestaurant(page);
      const inLang = { headers: { ...apiHeaders, "Accept-Language": lang } };
      const { name } = await (await page.request.get(`/api/vendors/${vendor.id}`, inLang)).json();
      const menu = await (await page.request.get(`/api/vendors/${vendor.id}/catalogue`, inLang)).json();
      const dish = menu.sections
        .flatMap((section: { products: Array<{ id: number; name: string }> }) => section.products)
        .find((product: { id: number }) => product.id === vendor.plain.id).name as string;
      // Signed in, with an address: none of it may end up in what is kept for offline.
      await signInQuickly(page, info.project.name === "phone" ? 80 : 90, "Zelmīra");
      await page.goto(`/${lang}/riga?address=${ADDRESS}`);
      await controlled(page);
      await page.goto(`/${lang}/riga`);
      await page.goto(`/${lang}/riga/vendor/${vendor.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect.poll(() => keptCopy(page, `/${lang}/riga/vendor/${vendor.id}`)).not.toBeNull();
      await expect.poll(() => keptCopy(page, `/${lang}/riga`)).not.toBeNull();
      for (const path of [`/${lang}/riga`, `/${lang}/riga/vendor/${vendor.id}`]) {
        const copy = (await keptCopy(page, path)) as string;
        expect(copy.includes(path.endsWith("/riga") ? name : dish), path).toBe(true);
        expect(copy.includes("Zelmīra"), `${path} keeps the customer's name`).toBe(false);
        expect(copy.includes("Brīvības iela 1,"), `${path} keeps the delivery address`).toBe(false);
      }
      // Nothing the API answers (prices, the cart, the account) is kept.
      const kept = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys())
            urls.push(new URL(request.url).pathname);
        return urls;
      });
      expect(kept.filter((path) => path.startsWith("/api/") && !path.startsWith("/api/media/"))).toEqual([]);

      // The train enters a tunnel: the menu is still there, and the storefront says there is no connection.
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByText(dish).first()).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: words("network.lost") })).toBeVisible();
      await screenshot(page, `offline-menu-${info.project.name}-${lang}`);

      // Opened from the home screen (a new window): the locality's vendors as last seen, and a tap
      // opens the menu.
      const launched = await context.newPage();
      await launched.goto(`/${lang}`);
      await expect(launched).toHaveURL(new RegExp(`/${lang}/riga$`));
      await launched
        .getByRole("link", { name: new RegExp(name) })
        .first()
        .click();
      await expect(launched.getByRole("heading", { level: 1, name })).toBeVisible();
      await launched.close();

      // A page never kept (the orders are personal): the storefront's offline page, not the browser's.
      const orders = await context.newPage();
      await orders.goto(`/${lang}/menu/orders`);
      await expect(orders.getByRole("heading", { name: words("error.offline.title") })).toBeVisible();
      await expect(orders.getByRole("link", { name: words("error.tryAgain") })).toBeVisible();
      await screenshot(orders, `offline-page-${info.project.name}-${lang}`);

      // Back online, trying again brings the page itself.
      await context.setOffline(false);
      await orders.getByRole("link", { name: words("error.tryAgain") }).click();
      await expect(orders.getByRole("heading", { name: words("error.offline.title") })).toBeHidden();
      await expect(orders).toHaveURL(new RegExp(`/${lang}/menu/orders`));
      await orders.close();
    },
  );
}
