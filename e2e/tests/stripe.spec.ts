import { stripe } from "../server-data.ts";
import { placeOrder, signInQuickly } from "./api-orders.ts";
import { expect, test } from "./fixtures.ts";
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

test("a card declined on Stripe's page, and the way back: the order waits for its payment", async ({
  page,
}, info) => {
  await signInQuickly(page, info.project.name === "phone" ? 43 : 44);
  const { order } = await placeOrder(page, "ONLINE");
  await page.goto(`/en/menu/orders/${order.id}/payment`);
  await page.getByRole("button", { name: pattern("en", "payment.pay") }).click();
  await expect(page).toHaveURL(checkoutPage);
  await page.getByRole("textbox", { name: "Card number" }).fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  // Stripe says so on its page, where the customer may try another card.
  await expect(page.getByText("Your card was declined.")).toBeVisible();
  await page.getByRole("button", { name: "Back" }).click();

  await expect(page).toHaveURL(new RegExp(`/en/menu/orders/${order.id}/payment$`));
  await expect(page.getByText(say("en", "payment.canceled"))).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(say("en", "order.status.CREATED"));
});
