import type { APIRequestContext } from "@playwright/test";
import { adminEndpoints } from "@storefront/domain/contract";
import { firebase, port, superAdminKey } from "../server-data.ts";
import { expect, test } from "./fixtures.ts";
import { screenshot } from "./screenshots.ts";

/**
 * A city whose customers sign in with Firebase (customerAuthOtpProvider FIREBASE): the storefront's
 * sign-in modal has Firebase send and check the code, here Firebase's own Auth Emulator, and the API
 * signs the customer in with the ID token, which it checks with the emulator. Verde's Lisbon, on
 * Verde's host, is that city for this test; the deployment's operator sets it so, as in production.
 */
const VERDE = `http://verde.localhost:${port}`;
const WEB_APP = {
  projectId: firebase.projectId,
  apiKey: "AIzaSyStorefrontBrowserTestsWebKey01",
  authDomain: `${firebase.projectId}.firebaseapp.com`,
};

function operatorCall(request: APIRequestContext, method: "PUT" | "DELETE", data?: object) {
  const endpoint = adminEndpoints.partnerFirebase("verde", method);
  return request.fetch(`/api/admin${endpoint.path}`, {
    method,
    headers: { authorization: `Bearer ${superAdminKey}` },
    ...(data ? { data } : {}),
  });
}

/** The code the emulator "sent" to the number: it shows its codes instead of sending them. */
async function emulatorCode(request: APIRequestContext, phone: string): Promise<string> {
  const url = `http://${firebase.host}/emulator/v1/projects/${firebase.projectId}/verificationCodes`;
  let code: string | undefined;
  await expect
    .poll(async () => {
      const { verificationCodes } = (await (await request.get(url)).json()) as {
        verificationCodes: Array<{ phoneNumber: string; code: string }>;
      };
      code = verificationCodes.filter((sent) => sent.phoneNumber === phone).at(-1)?.code;
      return code;
    })
    .toBeTruthy();
  return code as string;
}

// Verde signs in with Firebase while this file runs: one worker walks its tests, so no worker's
// `afterAll` turns Firebase off under another's sign-in.
test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  const set = await operatorCall(request, "PUT", { ...WEB_APP, cities: ["lisboa"] });
  expect(set.status(), await set.text()).toBe(200);
});
test.afterAll(async ({ request }) => {
  await operatorCall(request, "DELETE");
});

test("a customer of a Firebase city signs in with the code Firebase sent", async ({
  page,
  request,
}, info) => {
  // Firebase's SDK is loaded by the sign-in modal of such a city only.
  const sdk: string[] = [];
  page.on("request", (sent) => {
    if (/identitytoolkit|firebase/i.test(sent.url())) sdk.push(sent.url());
  });
  await page.goto(`${VERDE}/en/lisboa`);
  expect(sdk).toEqual([]);
  await page.getByRole("link", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  const phone = `+35191${String(Date.now()).slice(-7)}`;
  await dialog.getByRole("textbox", { name: "Phone number" }).fill(phone);
  await dialog.getByRole("button", { name: "Get the code" }).click();
  await expect(dialog.getByText(/New code in \d+ s/)).toBeVisible();
  const code = await emulatorCode(request, phone);

  // Firebase checks the code: a wrong one says so.
  const field = dialog.getByRole("textbox", { name: "Code from the SMS" });
  await field.fill(code === "000000" ? "111111" : "000000");
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Invalid code");
  await screenshot(page, `firebase-sign-in-${info.project.name}-en`);

  await field.fill(code);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  const naming = page.getByRole("dialog", { name: "What is your name?" });
  await expect(naming).toBeVisible();
  // Signed in on Verde's storefront, with the phone Firebase confirmed.
  const me = await page.evaluate(async () =>
    (await fetch("/api/customer/me", { headers: { "X-Partner-Code": "verde" } })).json(),
  );
  expect(me, JSON.stringify(me)).toMatchObject({ phone: phone.slice(1) });
});

test("offline, the sign-in of a Firebase city says something went wrong rather than spinning", async ({
  page,
}) => {
  await page.goto(`${VERDE}/en/lisboa`);
  await page.getByRole("link", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByRole("textbox", { name: "Phone number" }).fill(`+35191${String(Date.now()).slice(-7)}`);
  // Firebase's code comes with the first "Get the code": without a connection it cannot.
  await page.context().setOffline(true);
  await dialog.getByRole("button", { name: "Get the code" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Something went wrong");
  await expect(dialog.getByRole("button", { name: "Get the code" })).toBeEnabled();
});
