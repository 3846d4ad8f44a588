import { expect, type Page } from "@playwright/test";

let counter = 0;

/**
 * A fresh Latvian mobile number for each sign-in: per file and project ranges keep parallel
 * workers apart, so no test meets another's resend wait. Taken ranges: addresses 69/79, cart
 * 59/89, orders 51 to 58, 63/64, 68/78 and 73/74, referral 65/75, favourite products 66/76, native app 67/77,
 * sign-in 61/71/81 and 91/92 (the rate limit), security 93/94, screen timers 95/96,
 * popups 97/98, the app's bundle 99, the console 82/83, delivery instructions 62/72, closing time
 * 84/85, the arrival window 86/88, group orders 60/70, order times 45/46 the console's 47/48, right to left 49/50, the keyboard 44,
 * the courier app 39 (its customers) and 40 (its couriers), the alerts' and errors' texts 33 to 35, loyalty points 31;
 * on the Stripe storefront (a server of its own) 41 to 44 and 37/38.
 */
export function newPhone(range: number): string {
  counter += 1;
  // Worker processes run side by side and each counts from 1: the worker's index (unique in a run,
  // a restarted worker gets a new one) keeps two tests from ever sharing a customer.
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 100;
  return `+371 2${range * 100_000 + worker * 1000 + (counter % 1000)}`;
}

/** Opens the sign-in modal from the header; ready once its title has taken the focus. */
export async function openSignIn(page: Page) {
  await page.goto("/en/riga?switchLocale=1");
  await page.getByRole("link", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await expect(dialog.getByRole("heading", { name: "Sign in" })).toBeFocused();
  return dialog;
}

/** The code the demo outbox holds for the number, once the sign-in's request has put it there. */
export async function codeFor(page: Page, phone: string): Promise<string> {
  // Only this number's messages: parallel tests fill the outbox quickly.
  const to = encodeURIComponent(`+${phone.replace(/\D/g, "")}`);
  let code: string | undefined;
  // The tap that asks for the code may still be on its way on a busy machine.
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get(`/api/dev/outbox?to=${to}`)).json()) as Array<{
        code?: string;
      }>;
      code = outbox[0]?.code;
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/**
 * A new customer signs in from the open sign-in dialog with the SMS code, and gives the name the
 * storefront asks next (at checkout too, before the order is placed).
 */
export async function signInWithCode(page: Page, phone: string, name: string) {
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByRole("textbox", { name: "Phone number" }).fill(phone);
  await dialog.getByRole("button", { name: "Get the code" }).click();
  await dialog.getByRole("textbox", { name: "Code from the SMS" }).fill(await codeFor(page, phone));
  await dialog.getByRole("button", { name: "Sign in" }).click();
  const naming = page.getByRole("dialog", { name: "What is your name?" });
  await naming.getByRole("textbox", { name: "Name" }).fill(name);
  await naming.getByRole("button", { name: "Save" }).click();
  await expect(naming).toBeHidden();
}

/**
 * Opens the sign-in from checkout's place button, with one tap. (Taps were lost now and then: the
 * button greyed out under them while the cart's own check of the opened page was on its way; it now
 * stays enabled and waits for the check.)
 */
export async function signInFromCheckout(page: Page, button: string, dialog: string) {
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
}

/** Signs a new customer in with the SMS code and gives them a name; the address can wait. */
export async function signIn(page: Page, phone: string, name = "Jānis") {
  await openSignIn(page);
  await signInWithCode(page, phone, name);
  // A new customer without an address is asked where to deliver next; these tests choose later.
  const address = page.getByRole("dialog", { name: "Where to deliver?" });
  await address.getByRole("button", { name: "Close" }).click();
  await expect(address).toBeHidden();
}

/**
 * Picks a payment method at checkout from the payment methods popup, as a customer does: the button
 * named by the heading ("Payment", or the catalogue's word for it) and the chosen method.
 */
export async function choosePayment(page: Page, heading: string, method: string) {
  await page.getByRole("button", { name: new RegExp(`^${heading} `) }).click();
  const methods = page.getByRole("dialog", { name: heading });
  const radio = methods.getByRole("radio", { name: method });
  // The radio follows the cart: checked once the server has taken the choice, shown on the button.
  if (await radio.isChecked()) await page.keyboard.press("Escape");
  else await radio.click();
  await expect(methods).toBeHidden();
  await expect(page.getByRole("button", { name: `${heading} ${method}` })).toBeVisible();
}
