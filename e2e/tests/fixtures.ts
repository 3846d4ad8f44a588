import { test as base, type Page, type Response } from "@playwright/test";

/**
 * Every test is a visitor on a network address of its own, as the storefront's proxy reports it
 * (X-Forwarded-For; the test server trusts its loopback proxy). So the per-address limit on sign-in
 * codes applies to each test as it would to one visitor, and tests never use up each other's.
 */
let visitors = 0;

/** The storefront's own pages: those whose scripts mark the page live (not the console's, the courier app's). */
function isStorefrontPage(url: string): boolean {
  const { pathname } = new URL(url);
  return !/^\/(console|courier|api)(\/|$)/.test(pathname);
}

/** How long a storefront page that answered may take to go live before its test fails. */
const LIVE_WITHIN_MS = 20_000;

export const test = base.extend({
  /**
   * A storefront page loaded by `goto`, `reload`, `goBack` or `goForward` is used once it is live:
   * its scripts start after its first frame (decision 0172), and a visitor's first taps land on what
   * the server drew; a test taps as a visitor does once the page has become live, so a tap on a
   * control that works by script alone is not lost (a tap on "Download the invoice" right after
   * Back was, once, in CI). A move within the page (no new document, no answer) keeps the page live.
   * An error answer is used at once. A page that answered but does not go live within 20 s fails
   * the test, saying so: its taps would be lost (none of the suite's took 10 s in a whole run on a
   * 2-core CI machine), and a test that went on would fail later at a tap that did nothing. A page
   * without JavaScript never goes live, and a test that asks for the page once its answer begins
   * (`waitUntil: "commit"`) wants it before: both are used at once.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    const live = async (
      response: Response | null,
      options: { waitUntil?: string } | undefined,
    ): Promise<Response | null> => {
      const wanted = javaScriptEnabled !== false && options?.waitUntil !== "commit";
      if (wanted && response?.ok() && isStorefrontPage(page.url()))
        await page
          .locator("html[data-live]")
          .waitFor({ state: "attached", timeout: LIVE_WITHIN_MS })
          .catch((cause: unknown) => {
            throw new Error(`${page.url()} did not go live within ${LIVE_WITHIN_MS / 1000} s`, { cause });
          });
      return response;
    };
    const [goto, reload, goBack, goForward] = [page.goto, page.reload, page.goBack, page.goForward].map(
      (load) => load.bind(page),
    ) as [Page["goto"], Page["reload"], Page["goBack"], Page["goForward"]];
    page.goto = async (url, options) => live(await goto(url, options), options);
    page.reload = async (options) => live(await reload(options), options);
    page.goBack = async (options) => live(await goBack(options), options);
    page.goForward = async (options) => live(await goForward(options), options);
    await use(page);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    // An address of the benchmarking range 198.18.0.0/15: it only names a visitor, nothing is sent
    // there. One per test: the worker's index (unique in a run) and the test's count in the worker.
    visitors += 1;
    const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 512;
    const address = `198.${18 + (worker >> 8)}.${worker & 255}.${1 + (visitors % 254)}`;
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": address });
  },
});

export { expect } from "@playwright/test";

/**
 * Waits until the page's scripts have made every part of it live (the storefront marks its <html>
 * with `data-live`): a tap on a control that works by script alone is then not lost. An event to
 * wait for, where waiting for the network to fall silent took half a second at best.
 */
export async function pageIsLive(page: import("@playwright/test").Page): Promise<void> {
  await page.locator("html[data-live]").waitFor({ state: "attached" });
}

/**
 * A long journey walked once per language, each at one width: English on the desktop, Arabic on the
 * phone (the right-to-left layout where space is tightest). Its other two runs would repeat the same
 * server work at the other width and cost the suite minutes. The tag keeps the test out of the other
 * width's project (playwright.config.ts), so every test defined runs; the run that takes the docs'
 * pictures (SCREENSHOTS) walks all four.
 */
export function oneWidthPerLanguage(lang: "en" | "ar"): { tag: string } {
  return atOneWidth(lang === "ar" ? "phone" : "desktop");
}

/**
 * A test that changes something every width's run of it shares (a city's settings), run at one
 * width only, also when the docs' pictures run every other test at every width at once
 * (playwright.config.ts leaves it out of the other projects).
 */
export function onlyAtWidth(width: "phone" | "tablet" | "desktop"): { tag: string } {
  return { tag: `@only-${width}` };
}

/**
 * A journey with no language of its own, walked at one width (every width for the docs' pictures).
 * The phone is every untagged test's width already (playwright.config.ts); "desktop" moves a journey
 * there, so the desktop's own layout (the hanging popups, the account's pages, the filters) is
 * walked by a share of the journeys, each still once.
 */
export function atOneWidth(width: "phone" | "desktop"): { tag: string } {
  return { tag: `@${width}-width` };
}

/**
 * A test whose subject is how the page differs between the phone and the desktop (a sheet or a
 * panel, the bars around a map, the order of a page's parts): walked at both widths.
 */
export function atEveryWidth(): { tag: string } {
  return { tag: "@every-width" };
}

/**
 * The failures the page sends its error reporter (`/client-errors`) from now on: a test of a
 * failure the storefront expects (a cart gone, the vendors' limit) reads that none went.
 */
export function clientErrorReports(page: import("@playwright/test").Page): string[] {
  const reports: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/client-errors") reports.push(request.postData() ?? "");
  });
  return reports;
}

/**
 * What a narrow screen would make its visitor scroll sideways for or cut off: the page wider than
 * the screen, and each link or button in `within` whose words run past its own edges. Empty when
 * everything fits.
 */
export async function sidewaysOverflow(within: import("@playwright/test").Locator): Promise<string[]> {
  return within.evaluate((root) => {
    const page = document.documentElement;
    const found =
      page.scrollWidth > page.clientWidth
        ? [`the page is ${page.scrollWidth} px wide on ${page.clientWidth}`]
        : [];
    for (const control of root.querySelectorAll("a, button"))
      if (control.scrollWidth > control.clientWidth) found.push(`"${control.textContent}" spills out`);
    return found;
  });
}

/**
 * The texts in `within` (itself included) cut off at their own edges, by a box that hides what runs
 * past it or ends it with "…" (with how much of it shows), or running out of their box, where a
 * neighbour may cover them (with how far). Empty when every text shows whole.
 */
export async function cutTexts(within: import("@playwright/test").Locator): Promise<string[]> {
  return within.evaluate((root) => {
    const found: string[] = [];
    for (const element of [root as HTMLElement, ...root.querySelectorAll<HTMLElement>("*")]) {
      const style = getComputedStyle(element);
      const clips = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
      const text = element.innerText?.trim();
      // A box of 1 px is text for screen readers alone.
      if (!text || element.clientWidth <= 1) continue;
      if (clips && element.scrollWidth > element.clientWidth)
        found.push(`"${text}" shows ${element.clientWidth} px of ${element.scrollWidth}`);
      const box = element.getBoundingClientRect();
      for (const node of element.childNodes) {
        if (clips || node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const past = Math.max(
          ...[...range.getClientRects()].map((line) =>
            Math.max(line.right - box.right, box.left - line.left),
          ),
        );
        if (past > 1) found.push(`"${text}" runs ${Math.round(past)} px past its box`);
      }
    }
    return found;
  });
}
