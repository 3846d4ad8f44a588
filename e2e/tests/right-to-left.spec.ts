import type { Page } from "@playwright/test";
import { demoSecrets } from "../server-data.ts";
import { placeOrder } from "./api-orders.ts";
import { newPhone } from "./customer.ts";
import { expect, test } from "./fixtures.ts";
import { expectLeftToRight } from "./reading-order.ts";
import { screenshot } from "./screenshots.ts";
import { say } from "./words.ts";

/**
 * Where a drawing's first dark pixel from the left is, as a share of its width (1 when it has none):
 * read in a blank page of the same browser, outside any page's content policy.
 */
async function inkStartsAt(page: Page, png: Buffer): Promise<number> {
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no 2D canvas");
      context.drawImage(bitmap, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      for (let x = 0; x < width; x++)
        for (let y = 0; y < height; y++) {
          const at = (y * width + x) * 4;
          if (Math.max(data[at] ?? 255, data[at + 1] ?? 255, data[at + 2] ?? 255) < 100) return x / width;
        }
      return 1;
    }, png.toString("base64"));
  } finally {
    await blank.close();
  }
}

test("in Arabic, phone numbers and Latin names read left to right: a vendor's card, the sign-in code's dialog and the courier's on the order page", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const ar = (key: string) => say("ar", key);
  await page.goto("/ar/riga?switchLocale=1");
  // A vendor's name in Latin letters keeps its own direction on the Arabic page, still aligned as
  // the page: a long one is cut at its end, not at its beginning.
  const vendorName = page.getByRole("main").getByRole("heading", { level: 2 }).first();
  expect(await vendorName.evaluate((name) => getComputedStyle(name).direction)).toBe("ltr");
  const { left, right } = await vendorName.evaluate((name) => {
    const text = document.createRange();
    text.selectNodeContents(name);
    const box = name.getBoundingClientRect();
    return {
      left: text.getBoundingClientRect().left - box.left,
      right: box.right - text.getBoundingClientRect().right,
    };
  });
  expect(right).toBeLessThan(left);
  await page.getByRole("link", { name: ar("header.signIn") }).click();
  const dialog = page.getByRole("dialog", { name: ar("auth.title") });
  const number = dialog.getByRole("textbox", { name: ar("auth.phone.label") });
  await number.fill(newPhone(info.project.name === "phone" ? 49 : 50));
  // The field itself shows the number left to right as it is typed, with the country's spaces.
  await expect(number).toHaveValue(/^\+371 \d+ \d+/);
  expect(await number.evaluate((input) => getComputedStyle(input).direction)).toBe("ltr");
  const typed = await number.inputValue();
  await dialog.getByRole("button", { name: ar("auth.phone.send") }).click();
  await expectLeftToRight(dialog.getByText(typed, { exact: true }), typed);
  await screenshot(page, `sign-in-code-${info.project.name}-ar`);

  const outbox = await (
    await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(`+${typed.replace(/\D/g, "")}`)}`)
  ).json();
  await dialog.getByRole("textbox", { name: ar("auth.code.label") }).fill(outbox[0].code);
  await dialog.getByRole("button", { name: ar("auth.code.signIn") }).click();
  const naming = page.getByRole("dialog", { name: ar("auth.name.title") });
  await naming.getByRole("textbox", { name: ar("auth.name.label") }).fill("ليلى");
  await naming.getByRole("button", { name: ar("auth.name.save") }).click();
  const address = page.getByRole("dialog", { name: ar("address.title.form") });
  // A Latin street typed on the Arabic page reads left to right, its full stop at its end, and
  // keeps to the page's side.
  const street = address.getByRole("textbox", { name: ar("address.street") });
  await street.fill("Brīvības iela 12.");
  expect(
    await street.evaluate((input) => [getComputedStyle(input).direction, getComputedStyle(input).textAlign]),
  ).toEqual(["ltr", "right"]);
  await address.getByRole("button", { name: ar("common.close") }).click();
  await expect(address).toBeHidden();

  // An order for the last slot offered waits for days; dispatch names its courier (the ops API).
  const { order } = await placeOrder(page, "CASH", { later: true });
  const phone = "+9647701234567";
  const named = await page.request.post(`/api/ops/orders/${order.id}/courier`, {
    headers: { "x-api-key": demoSecrets().opsKeys.dispatch },
    data: { name: "أحمد كريم", phone },
  });
  expect(named.status(), await named.text()).toBe(200);
  // The orders list keeps the order's date and time on one line, the narrow card breaking before them.
  // The birth date, a field the browser lays out left to right, keeps its value to the page's side
  // too: as drawn, its text begins in the field's right half.
  await page.goto("/ar/menu/profile");
  const birthDate = page.getByLabel(ar("profile.birthDate"));
  expect(await inkStartsAt(page, await birthDate.screenshot())).toBeGreaterThan(0.5);
  await page.goto("/ar/menu/orders");
  const when = page.getByText(/^[\d\u200f/]+، \d{2}:\d{2}$/).first();
  // (one box per run of one direction: counted by the lines they stand on)
  const lines = (text: Element) => new Set([...text.getClientRects()].map((box) => Math.round(box.top))).size;
  expect(await when.evaluate(lines)).toBe(1);
  await page.goto(`/ar/menu/orders/${order.id}/status`);
  const call = page.getByRole("link", { name: phone });
  await expectLeftToRight(call.getByText(phone, { exact: true }), phone);
  await call.scrollIntoViewIfNeeded();
  await screenshot(page, `order-courier-${info.project.name}-ar`);
  // Left to right is the page's own direction in English.
  await page.goto(`/en/menu/orders/${order.id}/status?switchLocale=1`);
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expectLeftToRight(page.getByRole("link", { name: phone }).getByText(phone, { exact: true }), phone);
  await page.getByRole("link", { name: phone }).scrollIntoViewIfNeeded();
  await screenshot(page, `order-courier-${info.project.name}-en`);
});
