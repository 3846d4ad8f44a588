import { randomUUID } from "node:crypto";
import { stripe } from "../server-data.ts";
import { completeOrder, placeOrder, signInQuickly } from "./api-orders.ts";
import { consoleApiAs, consoleStaff } from "./console-staff.ts";
import { atOneWidth, expect, test } from "./fixtures.ts";
import { screenshot } from "./screenshots.ts";
import { pattern, say } from "./words.ts";

// The storefront that takes cards through Stripe; Stripe itself is the stand-in at the network edge.
test.use({ baseURL: stripe.shopUrl });

const checkoutPage = new RegExp(`^${stripe.url}/c/pay/cs_test_\\w+`);

test("a customer pays a card order on Stripe's page, then the next one with the saved card in one tap", async ({
  page,
}, info) => {
  // Arabic on the phone, English on the desktop.
  const lang = info.project.name === "phone" ? "ar" : "en";
  await signInQuickly(page, info.project.name === "phone" ? 41 : 42);
  const thanks = page.getByRole("dialog", { name: say(lang, "success.title") });

  const { order } = await placeOrder(page, "ONLINE");
  await page.goto(`/${lang}/menu/orders/${order.id}/payment`);
  await page.getByRole("button", { name: pattern(lang, "payment.pay") }).click();
  // Stripe's own page, on Stripe's origin: the card number is typed there, never on ours.
  await expect(page).toHaveURL(checkoutPage);
  await screenshot(page, `stripe-checkout-${lang}-${info.project.name}`, { fullPage: true });
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/menu/orders/${order.id}/status\\?`));
  await expect(thanks.getByText(say(lang, "success.number", { id: String(order.id) }))).toBeVisible();

  const { order: next } = await placeOrder(page, "ONLINE");
  await page.goto(`/${lang}/menu/orders/${next.id}/payment`);
  await page.getByRole("button", { name: pattern(lang, "payment.withCard") }).click();
  // Charged at once: no page of Stripe's in between.
  await expect(page).toHaveURL(new RegExp(`/${lang}/menu/orders/${next.id}/status\\?`));
  await expect(thanks.getByText(say(lang, "success.number", { id: String(next.id) }))).toBeVisible();
});

test(
  "a card declined on Stripe's page, the way back, and paying in cash instead",
  atOneWidth("desktop"),
  async ({ page }, info) => {
    const lang = info.project.name === "phone" ? "ar" : "en";
    await signInQuickly(page, info.project.name === "phone" ? 43 : 44);
    const { order } = await placeOrder(page, "ONLINE");
    await page.goto(`/${lang}/menu/orders/${order.id}/payment`);
    await page.getByRole("button", { name: pattern(lang, "payment.pay") }).click();
    await expect(page).toHaveURL(checkoutPage);
    await page.getByRole("textbox", { name: "Card number" }).fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    // Stripe says so on its page, where the customer may try another card.
    await expect(page.getByText("Your card was declined.")).toBeVisible();
    await page.getByRole("button", { name: "Back" }).click();

    // Back on ours, the order waits for its payment.
    await expect(page).toHaveURL(new RegExp(`/${lang}/menu/orders/${order.id}/payment$`));
    await expect(page.getByText(say(lang, "payment.canceled"))).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(say(lang, "order.status.CREATED"));
    await screenshot(page, `stripe-payment-page-${lang}-${info.project.name}`);
    // The customer gives up on the card: the order goes to the kitchen, to be paid on delivery.
    await page.getByRole("button", { name: say(lang, "payment.cash") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/menu/orders/${order.id}/status\\?`));
    const thanks = page.getByRole("dialog", { name: say(lang, "success.title") });
    await expect(thanks.getByText(say(lang, "success.number", { id: String(order.id) }))).toBeVisible();
  },
);

/** An amount in euros as the pages write it in that language (the server renders them, on this ICU). */
const euros = (lang: string, amount: number) =>
  new Intl.NumberFormat(lang, { style: "currency", currency: "EUR" }).format(amount);

test(
  "a manager gives back part of a delivered card order in the console, and the customer reads how much and why",
  atOneWidth("desktop"),
  async ({ page, browser }, info) => {
    const phone = info.project.name === "phone";
    const lang = phone ? "ar" : "en";
    const manager = { baseURL: stripe.shopUrl, email: "manager@dostavka.example", dataDir: stripe.dataDir };
    const reason = "The soup was missing from the bag";
    await signInQuickly(page, phone ? 37 : 38);
    const { order } = await placeOrder(page, "ONLINE");
    await page.goto(`/${lang}/menu/orders/${order.id}/payment`);
    await page.getByRole("button", { name: pattern(lang, "payment.pay") }).click();
    await expect(page).toHaveURL(checkoutPage);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("dialog", { name: say(lang, "success.title") })).toBeVisible();
    // No simulator on this server: the kitchen's and the courier's moves through the ops API.
    await completeOrder(page, order.id, stripe.dataDir);

    if (phone) {
      // The console is for tablets and desktops: on the phone's run the manager refunds through its API.
      const { api } = await consoleApiAs(manager);
      const refunded = await api.post(`/api/console/orders/${order.id}/refunds`, {
        data: { amount: 2.5, reason, requestKey: randomUUID() },
      });
      expect(refunded.status(), await refunded.text()).toBe(200);
      await api.dispose();
    } else {
      const desk = await consoleStaff(browser, { ...manager, viewport: { width: 1280, height: 800 } });
      await desk.goto(`/console/en/orders/${order.id}`);
      const form = desk.getByRole("form", { name: "Refund part of the order" });
      await expect(form.getByText(/^Up to €\d+\.\d\d can be refunded\.$/)).toBeVisible();
      await form.getByLabel("Amount (EUR)").fill("2.50");
      await form.getByLabel("Reason").fill(reason);
      await form.getByRole("button", { name: "Refund", exact: true }).click();
      await expect(form.getByRole("status")).toHaveText(`${euros("en", 2.5)} refunded.`);
      const refunds = desk.getByRole("list", { name: "Refunds" });
      await expect(refunds).toContainText(euros("en", 2.5));
      await expect(refunds).toContainText(reason);
      await expect(desk.getByText(`Refunded in all: ${euros("en", 2.5)}`)).toBeVisible();
      // The form is empty again, for another refund.
      await expect(form.getByLabel("Reason")).toHaveValue("");
      await desk.context().close();
    }

    // The customer's finished order tells what was given back, and why.
    await page.goto(`/${lang}/menu/orders/${order.id}/details`);
    const given = page.getByRole("region", { name: say(lang, "order.refunds") });
    await expect(given.getByText(say(lang, "order.refund.line", { amount: euros(lang, 2.5) }))).toBeVisible();
    await expect(given.getByText(reason)).toBeVisible();
    await expect(
      given.getByText(say(lang, "order.refund.total", { amount: euros(lang, 2.5) })),
    ).toBeVisible();
  },
);
