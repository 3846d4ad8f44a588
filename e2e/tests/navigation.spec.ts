import { type APIRequestContext, expect, test } from "@playwright/test";
import { port } from "../server-data.ts";
import { placeOrderIn, signInQuickly } from "./api-orders.ts";

/** The cookies the request context holds (the API's visitor, whose carts they are; the locality). */
async function storedCookies(request: APIRequestContext): Promise<string> {
  const { cookies } = await request.storageState();
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/** The navigation rules are server redirects: checked on raw responses, one visitor per test. */
async function visit(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  const response = await request.get(path, {
    maxRedirects: 0,
    headers: { "Accept-Language": "en", ...headers },
  });
  return { status: response.status(), location: response.headers().location ?? null, response };
}

test.describe("navigation rules", () => {
  test("rule 1: / and a bare locale go to the locality, keeping the query", async ({ request }) => {
    expect(await visit(request, "/?utm=x")).toMatchObject({ status: 301, location: "/en/riga?utm=x" });
    expect(await visit(request, "/lv")).toMatchObject({ status: 301, location: "/lv/riga" });
  });

  test("rule 1: any bare two-character path goes straight to the locality, keeping the query", async ({
    request,
  }) => {
    expect(await visit(request, "/zz?utm=x")).toMatchObject({ status: 301, location: "/en/riga?utm=x" });
    expect(await visit(request, "/zz/")).toMatchObject({ status: 301, location: "/en/riga" });
    // The visitor is in English now: another locale's bare path is one hop to the locality too.
    expect(await visit(request, "/fr?b=1")).toMatchObject({ status: 301, location: "/en/riga?b=1" });
  });

  test("rule 1: coordinates pick the locality that serves them", async ({ request }) => {
    expect(await visit(request, "/?lat=50.4501&lng=30.5234")).toMatchObject({
      status: 301,
      location: "/en/kyiv?lat=50.4501&lng=30.5234",
    });
  });

  test("rules 2 and 3: /vendor paths move under the locality", async ({ request }) => {
    expect(await visit(request, "/vendor")).toMatchObject({ status: 301, location: "/vendor/123/orders" });
    expect(await visit(request, "/vendor/5?x=1")).toMatchObject({
      status: 301,
      location: "/en/riga/vendor/5?x=1",
    });
    expect(await visit(request, "/en/vendor/7")).toMatchObject({
      status: 301,
      location: "/en/riga/vendor/7",
    });
  });

  test("rule 4: a path gets the locale prefix, and another locale is replaced by the chosen one", async ({
    request,
  }) => {
    expect(await visit(request, "/riga?a=1")).toMatchObject({ status: 301, location: "/en/riga?a=1" });
    expect((await visit(request, "/en/riga")).status).toBe(200);
    // The visitor is now in English: a French link is moved to English.
    expect(await visit(request, "/fr/riga")).toMatchObject({ status: 301, location: "/en/riga" });
    // Choosing French in the language list makes it the visitor's language.
    expect(await visit(request, "/fr/riga?switchLocale=1")).toMatchObject({
      status: 301,
      location: "/fr/riga",
    });
    expect((await visit(request, "/fr/riga")).status).toBe(200);
  });

  test("rule 5: after coordinates moved the visitor, locality pages follow the stored code once", async ({
    request,
  }) => {
    expect((await visit(request, "/en/riga")).status).toBe(200);
    expect((await visit(request, "/?lat=50.4501&lng=30.5234")).location).toBe(
      "/en/kyiv?lat=50.4501&lng=30.5234",
    );
    expect(await visit(request, "/en/riga")).toMatchObject({ status: 301, location: "/en/kyiv" });
    expect((await visit(request, "/en/kyiv")).status).toBe(200);
    expect((await visit(request, "/en/riga")).status).toBe(200);
  });

  test("rule 5: the vendor page follows the stored code once too", async ({ request }) => {
    expect((await visit(request, "/en/riga")).status).toBe(200);
    await visit(request, "/?lat=50.4501&lng=30.5234");
    const moved = await visit(request, "/en/riga/vendor/5?x=1");
    expect(moved).toMatchObject({ status: 301, location: "/en/kyiv/vendor/5?x=1" });
    expect(moved.response.headers()["set-cookie"]).toMatch(/needToSwitchLocality=;/);
    expect((await visit(request, "/en/riga")).status).toBe(200);
  });

  test("rule 5: the cart page takes the stored code and the flag is used up", async ({ request }) => {
    expect((await visit(request, "/en/riga")).status).toBe(200);
    await visit(request, "/?lat=50.4501&lng=30.5234");
    const cart = await visit(request, "/en/cart");
    expect(cart.status).toBe(200);
    expect(cart.response.headers()["set-cookie"]).toMatch(/needToSwitchLocality=;/);
    // The flag was used on the cart page: the Riga catalogue stays Riga.
    expect((await visit(request, "/en/riga")).status).toBe(200);
  });

  test("section 4: coordinates that move the visitor empty the cart and forget its id", async ({
    request,
  }) => {
    const headers = { "X-Partner-Code": "demo", "Accept-Language": "en" };
    const vendors = await (
      await request.get("/api/public/localities/riga/vendors?size=100", { headers })
    ).json();
    const created = await request.post("/api/carts", {
      headers,
      data: { localityCode: "riga", location: { latitude: 56.9496, longitude: 24.1052 } },
    });
    expect(created.status()).toBe(201);
    const { cartId } = await created.json();
    let added = false;
    for (const vendor of vendors.content) {
      const menu = await (await request.get(`/api/vendors/${vendor.id}/catalogue`, { headers })).json();
      const product = menu.sections
        .flatMap(
          (s: { products: Array<{ id: number; available: boolean; componentGroups: unknown[] }> }) =>
            s.products,
        )
        .find(
          (p: { available: boolean; componentGroups: unknown[] }) =>
            p.available && p.componentGroups.length === 0,
        );
      if (!product) continue;
      const sent = await request.post(`/api/carts/${cartId}/products`, {
        headers,
        data: { vendorId: vendor.id, productId: product.id, count: 1 },
      });
      if (sent.ok()) {
        added = true;
        break;
      }
    }
    expect(added).toBe(true);
    const vendorCarts = async () =>
      (await (await request.get(`/api/carts/${cartId}`, { headers })).json()).cart.vendorCarts.length;
    expect(await vendorCarts()).toBe(1);

    // The visitor browses Riga with the cart, then comes with coordinates in Kyiv.
    expect((await visit(request, "/en/riga", { Cookie: `cartId=${cartId}` })).status).toBe(200);
    const moved = await visit(request, "/?lat=50.4501&lng=30.5234", {
      Cookie: `cartId=${cartId}; ${await storedCookies(request)}`,
    });
    expect(moved.location).toBe("/en/kyiv?lat=50.4501&lng=30.5234");
    expect(moved.response.headers()["set-cookie"]).toMatch(/(^|\n)cartId=; Path=\/; Max-Age=0/);
    expect(await vendorCarts()).toBe(0);
  });

  test("rule 6: an unknown locality is a 404 that forgets the stored code", async ({ request }) => {
    const { status, response } = await visit(request, "/en/atlantis");
    expect(status).toBe(404);
    expect(await response.text()).toContain("Unable to find the locality for this URL");
    expect(
      response
        .headersArray()
        .filter((h) => h.name.toLowerCase() === "set-cookie")
        .map((h) => h.value),
    ).toContainEqual(expect.stringMatching(/^localityCode=;.*Max-Age=0/));
  });

  test("rule 6: the browser's console warns about the unknown locality too", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await page.goto("/en/atlantis");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => warnings).toContain("Unable to find the locality for this URL");
  });

  test("rule 7: the anonymous parameter ends the session and is removed", async ({ request }) => {
    const { status, location, response } = await visit(request, "/en/riga?anonymous=true&b=2", {
      Cookie: "session=abc",
    });
    expect(status).toBe(301);
    expect(location).toBe("/en/riga?b=2");
    expect(response.headers()["set-cookie"]).toMatch(/session=; Path=\/; Max-Age=0/);
  });

  test("rule 7: the session the anonymous parameter ends is over at the API too", async ({ request }) => {
    const headers = { "X-Partner-Code": "demo" };
    const phone = `3712930${String(Date.now()).slice(-4)}`;
    await request.post(`/api/customer/auth/sendPhoneConfirmation?phone=${phone}`, { headers });
    const [sent] = await (await request.get(`/api/dev/outbox?to=%2B${phone}`)).json();
    const login = await request.post("/api/customer/auth/login", {
      headers: { ...headers, "X-Platform": "android" },
      data: { phone, token: sent.code },
    });
    const { token } = await login.json();
    const me = () => request.get("/api/customer/me", { headers: { ...headers, Cookie: `session=${token}` } });
    expect((await me()).status()).toBe(200);

    expect((await visit(request, "/en/riga?anonymous=1", { Cookie: `session=${token}` })).status).toBe(301);
    expect((await me()).status()).toBe(401);
  });

  test("section 4: customer data with a customer locale switches the language once", async ({ request }) => {
    const data = encodeURIComponent(JSON.stringify({ customerLocale: "uk-UA" }));
    expect((await visit(request, "/en/riga")).status).toBe(200);
    expect((await visit(request, `/en/riga?customerData=${data}`)).location).toBe(
      `/uk/riga?customerData=${data}`,
    );
    expect((await visit(request, `/uk/riga?customerData=${data}`)).status).toBe(200);
    // Done once: back in English, the same link no longer switches.
    await visit(request, "/en/riga?switchLocale=1");
    expect((await visit(request, `/en/riga?customerData=${data}`)).status).toBe(200);
  });

  test("redirects that depend on the visitor are 301s no browser keeps: the account, an order's page, a paused partner", async ({
    page,
  }) => {
    // Signed out, the account sends the visitor home with the sign-in; signed in, the same address
    // opens the account: the browser did not keep the first answer.
    const guard = await visit(page.request, "/en/menu/profile");
    expect(guard).toMatchObject({ status: 301, location: "/en?modal=AuthModal" });
    expect(guard.response.headers()["cache-control"]).toBe("no-store");
    await page.goto("/en/menu/profile");
    await expect(page).toHaveURL(/\/en\/riga\?modal=AuthModal$/);
    await signInQuickly(page, 36);
    await page.goto("/en/menu/profile");
    await expect(page).toHaveURL(/\/en\/menu\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "Personal info" })).toBeVisible();

    // An active order's details page is its status page, until the order ends.
    const order = await placeOrderIn(page, "riga");
    const details = await visit(page.request, `/en/menu/orders/${order.id}/details`);
    expect(details).toMatchObject({ status: 301, location: `/en/menu/orders/${order.id}/status` });
    expect(details.response.headers()["cache-control"]).toBe("no-store");

    // A suspended partner's storefront (the demo's paused partner, on its own host) sends its
    // visitors to the page the partner named. The host is given by name: this process does not
    // resolve names under localhost as the browser does.
    const paused = await page.request.get(`http://127.0.0.1:${port}/en`, {
      headers: { host: `paused.localhost:${port}` },
      maxRedirects: 0,
    });
    expect(paused.status()).toBe(301);
    expect(paused.headers()).toMatchObject({
      location: "https://example.com/demo-ended",
      "cache-control": "no-store",
    });
  });
});
