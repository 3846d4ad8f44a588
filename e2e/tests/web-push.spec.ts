import { placeOrderIn, signInQuickly } from "./api-orders.ts";
import { expect, test } from "./fixtures.ts";
import { screenshot } from "./screenshots.ts";
import { say } from "./words.ts";

// The other specs run without the service worker (playwright.config.ts); web push is its job.
test.use({ serviceWorkers: "allow" });

test("after an order the customer is offered its news once, and the storefront's worker shows a pushed status with its page", async ({
  page,
  context,
}) => {
  await signInQuickly(page, 99);
  // Комора 24's orders wait for its staff: the order is still on its status page when the push is
  // tapped, however slow the machine (a simulated delivery could end before it).
  const order = await placeOrderIn(page, "kyiv", { vendor: "Комора 24" });
  const thanks = `/en/menu/orders/${order.id}/status?modal=SuccessScreenModal&order=${order.id}`;
  await page.goto(thanks);
  const offer = page.getByRole("region", { name: say("en", "orderNews.ask") });
  await expect(offer).toBeVisible();
  await screenshot(page, "order-news-offer-en-desktop");
  await offer.getByRole("button", { name: say("en", "orderNews.no") }).click();
  await expect(offer).toBeHidden();
  // Asked once: the next order's thanks do not ask again.
  await page.reload();
  await expect(page.getByRole("dialog", { name: say("en", "success.title") })).toBeVisible();
  await expect(offer).toBeHidden();

  // A push as the API sends it (docs/messages.md), delivered to the worker as a push service would.
  await context.grantPermissions(["notifications"]);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const push = {
    type: "OrderStatusChangedEvent",
    orderID: order.id,
    status: "ON_DELIVERY",
    title: `Order No. ${order.id}`,
    body: say("en", "order.status.ON_DELIVERY"),
    url: `/en/menu/orders/${order.id}/status`,
    icon: "/api/partners/demo/icon-192.png?v=1",
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: new URL(page.url()).origin,
    registrationId: await registered,
    data: JSON.stringify(push),
  });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        url: (n.data as { url?: string } | null)?.url,
        icon: n.icon,
      })),
    );
  const icon = new URL(push.icon, page.url()).href;
  await expect.poll(shown).toEqual([{ title: push.title, body: push.body, url: push.url, icon }]);

  // A tap: the worker takes the storefront's tab to the order's page.
  await page.goto("/en/riga");
  // Chromium stops a worker left idle, and Playwright lists only running ones: a request from the
  // page, which passes through the worker, starts it again.
  await expect
    .poll(async () => {
      await page.evaluate(() => fetch("/api/health"));
      return context.serviceWorkers().length;
    })
    .toBeGreaterThan(0);
  const [worker] = context.serviceWorkers();
  await worker?.evaluate(async () => {
    // The worker's own globals (this file is typed for pages, not workers).
    const scope = self as unknown as {
      registration: { getNotifications(): Promise<Notification[]> };
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications();
    if (notification) scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification }));
  });
  await expect(page).toHaveURL(new RegExp(`${push.url}$`));
});
