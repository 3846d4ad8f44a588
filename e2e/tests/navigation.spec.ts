import { type APIRequestContext, expect, test } from "@playwright/test";

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
});
