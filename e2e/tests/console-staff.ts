import { type Browser, expect, type Page, request } from "@playwright/test";
import { demoSecrets } from "../server-data.ts";

/**
 * The console's API as a member of the partner's staff, signed in with the demo's password of the
 * server at `baseURL` (its data folder's secrets: `dataDir`, the main test server's by default); the
 * context keeps the session cookie.
 */
export async function consoleApiAs(options: { baseURL: string; email: string; dataDir?: string }) {
  const site = new URL(options.baseURL);
  // The partner is the host's; the call goes to the loopback address by number, as a brand's own
  // name (verde.localhost) is resolved by the browser, not by this process.
  const api = await request.newContext({
    baseURL: `http://127.0.0.1:${site.port}`,
    extraHTTPHeaders: { host: site.host },
  });
  const signedIn = await api.post("/api/console/session", {
    data: { email: options.email, password: demoSecrets(options.dataDir).staffPassword },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return { api, signedIn };
}

/**
 * A member of the partner's staff with the console open on the order board, in a browser of their
 * own: signed in through the console's API, as the sign-in form does, with the session cookie put in
 * the browser. The form itself is tested once, in console.spec.ts.
 */
export async function consoleStaff(
  browser: Browser,
  options: {
    baseURL: string;
    email: string;
    locale?: string;
    viewport?: { width: number; height: number } | null;
    /** The browser's own time zone (Playwright's timezoneId); the machine's by default. */
    timezoneId?: string;
    /** The data folder of the server at baseURL, when it is not the main test server. */
    dataDir?: string;
  },
): Promise<Page> {
  const locale = options.locale ?? "en";
  const site = new URL(options.baseURL);
  const { api, signedIn } = await consoleApiAs(options);
  const cookies = signedIn
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => {
      const [pair = "", ...attributes] = header.value.split(";");
      const path = attributes.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith("path="));
      const equals = pair.indexOf("=");
      return {
        name: pair.slice(0, equals).trim(),
        value: pair.slice(equals + 1).trim(),
        domain: site.hostname,
        path: path ? path.slice("path=".length) : "/",
      };
    });
  await api.dispose();

  const context = await browser.newContext({
    baseURL: options.baseURL,
    viewport: options.viewport ?? null,
    locale,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto("/console/");
  await expect(page).toHaveURL(new RegExp(`/console/${locale}/orders`));
  return page;
}
