import { apiHeaders, signInQuickly } from "./api-orders.ts";
import { expect, test } from "./fixtures.ts";
import { expectFocusRing, pressUntilFocused } from "./keyboard.ts";
import { ADDRESS, openRestaurant } from "./restaurants.ts";
import { screenshot } from "./screenshots.ts";
import { say } from "./words.ts";

/**
 * A customer with a keyboard and no mouse (WCAG 2.4.3 focus order, 2.4.7 focus visible): on the
 * desktop, as a phone is touched.
 */

test("a keyboard user skips to the content, picks a vendor and a product, checks the cart and orders, the focus always in sight", async ({
  page,
}, info) => {
  await signInQuickly(page, 44);
  // A cart of an open restaurant with two of its dearest plain dish (past its minimum), at an
  // address in Riga, paid online until the customer picks cash.
  const vendor = await openRestaurant(page);
  const location = JSON.parse(decodeURIComponent(ADDRESS));
  const { cartId } = await (
    await page.request.post("/api/carts", { headers: apiHeaders, data: { localityCode: "riga", location } })
  ).json();
  const added = await page.request.post(`/api/carts/${cartId}/products`, {
    headers: apiHeaders,
    data: { vendorId: vendor.id, productId: vendor.plain.id, count: 2 },
  });
  expect(added.status(), await added.text()).toBe(200);
  await page.request.put(`/api/carts/${cartId}`, { headers: apiHeaders, data: { paymentType: "ONLINE" } });
  await page
    .context()
    .addCookies([{ name: "cartId", value: cartId, url: info.project.use.baseURL as string }]);

  // The first Tab reaches the skip link, shown while focused; it leads into the main content.
  await page.goto("/en/riga");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  await expectFocusRing(skip);
  expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(40);
  await screenshot(page, "keyboard/skip-link-desktop-en");
  await page.keyboard.press("Enter");
  const main = page.getByRole("main");
  await expect(main).toBeFocused();

  // A vendor's card shows the ring around the whole card; Enter opens the vendor, and the focus
  // starts in the new page's content rather than back at the top.
  const vendorLink = page.getByRole("link", { name: vendor.name, exact: true });
  await pressUntilFocused(page, vendorLink);
  await expectFocusRing(page.getByRole("article").filter({ has: vendorLink }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: vendor.name, level: 1 })).toBeVisible();
  await expect(main).toBeFocused();

  // A product opens in a dialog; after Add to cart the focus is back on the product's card.
  const productLink = page.getByRole("link", { name: vendor.plain.name, exact: true }).first();
  await pressUntilFocused(page, productLink);
  const productCard = page.getByRole("article").filter({ has: productLink }).first();
  await expectFocusRing(productCard);
  await screenshot(page, "keyboard/product-card-desktop-en");
  await page.keyboard.press("Enter");
  const product = page.getByRole("dialog", { name: vendor.plain.name });
  await expect(product.getByRole("heading", { name: vendor.plain.name })).toBeFocused();
  const addToCart = product.getByRole("button", { name: /^Add to cart/ });
  await pressUntilFocused(page, addToCart);
  await expectFocusRing(addToCart);
  const cartChanged = page.waitForResponse((response) => response.url().includes(`/carts/${cartId}`));
  await page.keyboard.press("Enter");
  await cartChanged;
  await expect(product).toBeHidden();
  await expect(productLink).toBeFocused();

  // The cart: Escape closes it and gives the focus back to the cart button.
  const cartButton = page.getByRole("link", { name: "Open the cart" });
  await pressUntilFocused(page, cartButton, "Shift+Tab");
  await expectFocusRing(cartButton);
  await page.keyboard.press("Enter");
  const cart = page.getByRole("dialog", { name: "Cart" });
  await expect(cart.getByRole("heading", { name: "Cart" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(cart).toBeHidden();
  await expect(cartButton).toBeFocused();
  await expectFocusRing(cartButton);

  // Checkout: the focus starts in the page's content; cash is picked in the payment popup, which
  // gives the focus back to its button; a text field shows the ring too; Enter places the order.
  await page.keyboard.press("Enter");
  const checkout = cart.getByRole("button", { name: /^Go to checkout/ });
  await pressUntilFocused(page, checkout);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await expect(main).toBeFocused();
  const payment = main.getByRole("button", { name: /^Payment/ });
  await pressUntilFocused(page, payment);
  await expectFocusRing(payment);
  await page.keyboard.press("Enter");
  const methods = page.getByRole("dialog", { name: "Payment" });
  await pressUntilFocused(page, methods.getByRole("radio", { checked: true }));
  // The two methods of a customer without cards: an arrow key moves the choice to the other one.
  await expect(methods.getByRole("radio")).toHaveCount(2);
  await page.keyboard.press("ArrowUp");
  await expect(methods).toBeHidden();
  await expect(payment).toBeFocused();
  await expect(payment).toHaveAccessibleName(/Cash to the courier/);
  const email = main.getByRole("textbox", { name: "E-mail for the invoice" });
  await pressUntilFocused(page, email);
  await expectFocusRing(email);
  await screenshot(page, "keyboard/input-desktop-en");
  const place = page.getByRole("button", { name: "Place the order" });
  await pressUntilFocused(page, place);
  await expectFocusRing(place);
  await page.keyboard.press("Enter");

  // The thanks take the focus; their link leads on to the order's status.
  const thanks = page.getByRole("dialog", { name: "Order placed" });
  await expect(thanks.getByRole("heading", { name: "Order placed" })).toBeFocused();
  await pressUntilFocused(page, thanks.getByRole("link", { name: "Follow the order" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/menu\/orders\/\d+\/status/);

  // The order's map keeps the keyboard: a Tab onto a mark of its first view brings the live map in
  // its place, with the focus, and "+" zooms it in (the marks twice as far apart).
  const marks = [vendor.name, "Delivery address"].map((name) =>
    page.getByRole("button", { name, exact: true }),
  );
  const apart = async () => {
    const [restaurant, home] = await Promise.all(marks.map((mark) => mark.boundingBox()));
    if (!restaurant || !home) throw new Error("a mark is not on the map");
    return Math.hypot(restaurant.x - home.x, restaurant.y - home.y);
  };
  await pressUntilFocused(page, marks[0]!);
  const firstView = await apart();
  // The first view and the live map are one region each while the live map comes: the live map is the last.
  await expect(page.getByRole("region", { name: "Map of the delivery" }).last()).toBeFocused();
  await expect(page.getByRole("region", { name: "Map of the delivery" })).toHaveCount(1);
  await page.keyboard.press("+");
  await expect.poll(async () => Math.abs((await apart()) / firstView - 2)).toBeLessThan(0.05);
});

test("in Arabic the skip link shows at the right, and a card and a text field wear the ring", async ({
  page,
}) => {
  await page.goto("/ar/riga");
  const skip = page.getByRole("link", { name: say("ar", "common.skipToContent") });
  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  const box = await skip.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(1200);
  await screenshot(page, "keyboard/skip-link-desktop-ar");

  // The search field; Escape gives the focus back to the header's search link.
  const searchLink = page.getByRole("link", { name: say("ar", "header.search"), exact: true });
  await pressUntilFocused(page, searchLink);
  await page.keyboard.press("Enter");
  const field = page.getByRole("dialog").getByRole("searchbox");
  await expect(field).toBeFocused();
  await expectFocusRing(field);
  await screenshot(page, "keyboard/input-desktop-ar");
  await page.keyboard.press("Escape");
  await expect(searchLink).toBeFocused();

  // The first vendor's card, then the first product's on its page.
  const vendorLink = page.getByRole("main").getByRole("article").first().getByRole("link");
  await pressUntilFocused(page, vendorLink);
  await page.keyboard.press("Enter");
  const productCard = page.getByRole("main").getByRole("article").first();
  await expect(page).toHaveURL(/\/vendor\/\d+/);
  await pressUntilFocused(page, productCard.getByRole("link"));
  await expectFocusRing(productCard);
  await screenshot(page, "keyboard/product-card-desktop-ar");
});
