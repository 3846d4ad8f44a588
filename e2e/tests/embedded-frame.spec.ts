import { atOneWidth, expect, pageIsLive, test } from "./fixtures.ts";

/**
 * The partner links its terms of use to a web address (a page of this same server: no internet here)
 * and its courier page to something that is not one. Every test sets the same links, so the two
 * projects running side by side never see another value; the database is fresh each run.
 */
test.beforeEach(async ({ request, baseURL }) => {
  const links = await request.put("/api/dev/partners/demo/links", {
    data: {
      termsOfUse: `${baseURL}/en/cms/terms-of-use`,
      becomeACourier: "javascript:alert(document.domain)",
      iosApp: "https://apps.apple.com/app/id0000000000",
      androidApp: "https://play.google.com/store/apps/details?id=example.dostavka",
    },
  });
  expect(links.status()).toBe(204);
});

test(
  "a partner's web link opens in the embedded frame and closes with Escape",
  atOneWidth("desktop"),
  async ({ page, baseURL }) => {
    const answer = await page.goto("/en/riga");
    // The page may frame exactly the partner's linked origin.
    const policy = answer?.headers()["content-security-policy"] ?? "";
    expect(policy).toContain(`frame-src ${new URL(baseURL as string).origin};`);

    // The link opens the frame by script: a tap before the page is live would be lost in hydration.
    await pageIsLive(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of use" }).click();
    const dialog = page.getByRole("dialog", { name: "Terms of use" });
    await expect(dialog).toBeVisible();
    const framed = dialog.getByTitle("Terms of use").contentFrame();
    await expect(framed.getByRole("heading", { name: "Terms of use", level: 1 })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Open in a new tab" })).toHaveAttribute(
      "href",
      `${baseURL}/en/cms/terms-of-use`,
    );

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/en\/riga$/);

    // The partner's apps, in their stores, beside its social networks.
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "App Store" })).toHaveAttribute(
      "href",
      "https://apps.apple.com/app/id0000000000",
    );
    await expect(footer.getByRole("link", { name: "Google Play" })).toHaveAttribute(
      "href",
      "https://play.google.com/store/apps/details?id=example.dostavka",
    );
  },
);

test("a link that is not a web address is never framed", async ({ page }) => {
  await page.goto("/en/riga");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Terms of use" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Become a courier" })).toHaveCount(0);
  // Nor by a crafted URL: the modal takes the name of a partner's link, never an address.
  for (const link of ["becomeACourier", "https://evil.example/", "facebook"]) {
    await page.goto(`/en/riga?modal=EmbeddedFrame&link=${encodeURIComponent(link)}`);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Terms of use" })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
});

test("without script the link opens the partner's page itself", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${baseURL}/en/riga`);
  const link = page.getByRole("contentinfo").getByRole("link", { name: "Terms of use" });
  await expect(link).toHaveAttribute("href", `${baseURL}/en/cms/terms-of-use`);
  await context.close();
});

test("in Arabic the frame carries the link's Arabic name", async ({ page }) => {
  await page.goto("/ar/riga");
  await pageIsLive(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "شروط الاستخدام" }).click();
  const dialog = page.getByRole("dialog", { name: "شروط الاستخدام" });
  await expect(dialog.getByTitle("شروط الاستخدام")).toBeVisible();
  // Closed by its button: a key pressed while the frame holds the focus goes to the frame.
  await dialog.getByRole("button", { name: "إغلاق" }).click();
  await expect(dialog).toBeHidden();
});
