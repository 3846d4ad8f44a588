import { signInQuickly } from "./api-orders.ts";
import { atOneWidth, expect, test } from "./fixtures.ts";
import { publishReleaseNeeding9, STORE } from "./releases.ts";
import { screenshot } from "./screenshots.ts";
import { say } from "./words.ts";

test("inside the native app's webview the storefront leaves out what the app does itself", async ({
  page,
}, info) => {
  // The app opens the storefront with its platform; the storefront remembers it for the visit.
  await page.goto("/en/riga?platform=android");
  await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Dostavka, home" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Language" })).toHaveCount(0);

  await signInQuickly(page, info.project.name === "phone" ? 67 : 77);
  await page.goto("/en/menu");
  // The app signs out itself; deleting the account stays the customer's to do here.
  await expect(page.getByRole("button", { name: "Delete account" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
});

for (const lang of ["en", "ar"] as const) {
  test(
    `an app older than the partner's release asks to be updated from the store; Later puts it off, the next visit asks again (${lang})`,
    atOneWidth("phone"),
    async ({ page }, info) => {
      await publishReleaseNeeding9(info.project.use.baseURL as string);
      // The store is not reachable from here: the test answers for it.
      await page
        .context()
        .route(STORE, (route) =>
          route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Store</title>" }),
        );
      await page.goto(`/${lang}/riga?platform=android&appVersion=8.9.1`);
      const alert = page.getByRole("alertdialog", { name: say(lang, "app.update.title") });
      await expect(alert).toBeVisible();
      await expect(alert.getByText(say(lang, "app.update.message"))).toBeVisible();
      if (info.project.name === "phone") await screenshot(page, `alert-app-update-phone-${lang}`);

      // Later: not again in this visit.
      await alert.getByRole("button", { name: say(lang, "app.update.later") }).click();
      await expect(alert).toBeHidden();

      // The next visit asks again, and the update goes to the store.
      const next = await page.context().newPage();
      await next.goto(`/${lang}/riga`);
      const again = next.getByRole("alertdialog", { name: say(lang, "app.update.title") });
      await again.getByRole("button", { name: say(lang, "app.update.open") }).click();
      await expect(next).toHaveURL(STORE);
    },
  );
}

test("an app as new as the partner's release needs is not asked to update", async ({ page }, info) => {
  await publishReleaseNeeding9(info.project.use.baseURL as string);
  await page.goto("/en/riga?platform=android&appVersion=9.0.0");
  // The page keeps what the release asked of it once its alert, if any, has opened.
  const checked = () => page.evaluate(() => sessionStorage.getItem("appRelease:android:9.0.0"));
  await expect.poll(checked).toContain('"needed":false');
  await expect(page.getByRole("alertdialog", { name: "The app needs an update" })).toHaveCount(0);
});

test("a partner's app that shows the storefront in its webview is told when the page closes", async ({
  page,
  context,
}) => {
  // The partner's React Native app: its message channel, as the webview gives it to the page. What
  // it hears is written down where the test can read it once the page is gone.
  await page.addInitScript(() => {
    const heard = (message: string) =>
      localStorage.setItem(
        "hostHeard",
        JSON.stringify([...JSON.parse(localStorage.getItem("hostHeard") ?? "[]"), message]),
      );
    Object.assign(window, { ReactNativeWebView: { postMessage: heard } });
  });
  await page.goto("/en/riga?platform=android");
  await expect(page.getByRole("heading", { name: "Restaurants and stores in Riga" })).toBeVisible();
  // The storefront is ready for its host once it takes push taps itself (the page's stub only
  // queues them until then).
  await page.waitForFunction(
    () =>
      !String((window as { storefrontPushTap?: unknown }).storefrontPushTap).includes(
        "storefrontPendingPushTaps",
      ),
  );
  const heard = (on: typeof page) => on.evaluate(() => JSON.parse(localStorage.getItem("hostHeard") ?? "[]"));
  expect(await heard(page)).toEqual([]);
  await page.close({ runBeforeUnload: true });
  const after = await context.newPage();
  await after.goto("/favicon.svg");
  await expect.poll(() => heard(after)).toEqual([JSON.stringify({ type: "storefrontClosed" })]);
});
