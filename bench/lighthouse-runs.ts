// Lighthouse's performance audit of one page, run several times in the system Chromium, as medians:
// its default mobile config (a mid-range phone on slow 4G, simulated throttling), or its desktop one.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer, { type Browser, type CDPSession } from "puppeteer-core";
import { disablingFeatures, UNSHOWN_BROWSER_UI } from "../e2e/chromium-features.ts";
import { browserCookies } from "./demo-visitors.ts";

/**
 * The network is closed but for the npm registry: nothing in Chromium may try to reach out. The
 * launcher's own flags come first, with Chromium's unshown address-bar popups added to their
 * `--disable-features` (each run is a new window, and they would take the page's CPU).
 */
export const CHROME_FLAGS = [
  ...disablingFeatures(chromeLauncher.Launcher.defaultFlags(), UNSHOWN_BROWSER_UI),
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface LighthousePage {
  name: string;
  url: string;
  /** The visitor's cookies (`a=1; b=2`), e.g. of a cart or a signed-in session. */
  cookie?: string;
  /** Lighthouse's desktop config (a wide screen, a fast network and CPU) instead of the phone's. */
  desktop?: boolean;
}

export interface LighthouseFigures {
  name: string;
  url: string;
  runs: number;
  /** Medians of the runs; score 0-100, times in ms, bytes transferred on a first visit. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  bytes: { total: number; document: number; script: number; stylesheet: number; font: number; image: number };
  /** Lighthouse's CPU benchmark of this machine during the runs (median); slow machines score lower. */
  benchmarkIndex: number;
  lighthouseVersion: string;
  warnings: string[];
  /** What each run found as the largest paint (its text or the picture's address), once each. */
  lcpElements: string[];
  error?: string;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface RunFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  bytes: LighthouseFigures["bytes"];
  benchmarkIndex: number;
  lighthouseVersion: string;
  warnings: string[];
  lcpElement: string;
}

/**
 * A first visit of the page's visitor: the browser holds the visitor's cookies and nothing else.
 * Lighthouse clears the HTTP cache itself but keeps cookies, and a Cookie in its `extraHeaders`
 * reaches only the document: once the page sets a cookie of its own (the locale), Chromium sends
 * its cookie jar instead, so the page's own fetches went out without the visitor's cart or session.
 */
async function prepareVisit(browser: CDPSession, page: LighthousePage): Promise<void> {
  await browser.send("Storage.clearCookies", {});
  const cookies = browserCookies(page.cookie ?? "", page.url);
  if (cookies.length > 0) await browser.send("Storage.setCookies", { cookies });
}

/** The largest paint's element as Lighthouse names it: its text and where it is, or its picture. */
function largestPaintOf(details: unknown): string {
  const tables = (details as { items?: Array<{ items?: Array<{ node?: Record<string, string> }> }> })?.items;
  const node = tables?.[0]?.items?.[0]?.node;
  if (!node) return "none";
  const label = node.nodeLabel ?? "";
  const picture = /src="([^"]+)"/.exec(node.snippet ?? "")?.[1];
  if (picture) return label ? `${label} (${picture})` : `a picture, ${picture}`;
  return `${label} (${node.selector ?? node.snippet ?? ""})`;
}

async function auditOnce(port: number, page: LighthousePage): Promise<RunFigures> {
  const result = await lighthouse(
    page.url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      // Lighthouse's default types, and the origin's own storage too: a first visit.
      clearStorageTypes: [
        "file_systems",
        "shader_cache",
        "service_workers",
        "cache_storage",
        "local_storage",
        "indexeddb",
      ],
    },
    page.desktop ? desktopConfig : undefined,
  );
  if (!result) throw new Error("Lighthouse returned no result");
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: Array<Record<string, unknown>> })?.items ?? [];
  const bytesOf = (type?: string) =>
    requests
      .filter((request) => type === undefined || request.resourceType === type)
      .reduce((sum, request) => sum + (Number(request.transferSize) || 0), 0);
  return {
    score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    fcpMs: numeric("first-contentful-paint"),
    bytes: {
      total: numeric("total-byte-weight"),
      document: bytesOf("Document"),
      script: bytesOf("Script"),
      stylesheet: bytesOf("Stylesheet"),
      font: bytesOf("Font"),
      image: bytesOf("Image"),
    },
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lighthouseVersion: lhr.lighthouseVersion,
    warnings: lhr.runWarnings,
    lcpElement: largestPaintOf(lhr.audits["largest-contentful-paint-element"]?.details),
  };
}

/** A page's own Chromium, kept across its runs as Lighthouse expects (it clears the caches itself). */
interface PageBrowser {
  chrome: chromeLauncher.LaunchedChrome;
  browser: Browser;
  session: CDPSession;
}

async function openBrowser(chromePath: string): Promise<PageBrowser> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    ignoreDefaultFlags: true,
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  return { chrome, browser, session: await browser.target().createCDPSession() };
}

/** One audit; the tab then goes blank, so the page's timers and socket take no CPU from the next runs. */
async function auditIn(own: PageBrowser, page: LighthousePage): Promise<RunFigures> {
  await prepareVisit(own.session, page);
  try {
    return await auditOnce(own.chrome.port, page);
  } finally {
    for (const tab of await own.browser.pages()) await tab.goto("about:blank").catch(() => {});
  }
}

function figuresOf(page: LighthousePage, runs: RunFigures[], errors: string[]): LighthouseFigures {
  const error =
    errors.length > 0 ? `${errors.length} failed run(s): ${[...new Set(errors)].join("; ")}` : undefined;
  const of = (pick: (run: RunFigures) => number) => median(runs.map(pick));
  return {
    name: page.name,
    url: page.url,
    runs: runs.length,
    score: of((run) => run.score),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
    fcpMs: of((run) => run.fcpMs),
    bytes: {
      total: of((run) => run.bytes.total),
      document: of((run) => run.bytes.document),
      script: of((run) => run.bytes.script),
      stylesheet: of((run) => run.bytes.stylesheet),
      font: of((run) => run.bytes.font),
      image: of((run) => run.bytes.image),
    },
    benchmarkIndex: of((run) => run.benchmarkIndex),
    lighthouseVersion: runs[0]?.lighthouseVersion ?? "",
    warnings: [...new Set(runs.flatMap((run) => run.warnings))],
    lcpElements: [...new Set(runs.map((run) => run.lcpElement))],
    error,
  };
}

/**
 * Audits each page `runs` times in a headless Chromium of its own, the pages in turns (every page's
 * first run, then every page's second, …): a busy spell of the machine then falls on all the pages
 * alike instead of on one page's runs (on a two-core machine one page's TBT moved from 215-440 ms to
 * 30-170 ms within ten minutes). A page that fails says why.
 */
export async function runLighthouse(
  pages: LighthousePage[],
  options: { runs: number; chromePath: string },
): Promise<LighthouseFigures[]> {
  const runs = pages.map((): RunFigures[] => []);
  const errors = pages.map((): string[] => []);
  const browsers: PageBrowser[] = [];
  try {
    for (const _ of pages) browsers.push(await openBrowser(options.chromePath));
    for (let round = 0; round < options.runs; round++) {
      for (const [index, page] of pages.entries()) {
        // A run that fails (Lighthouse asks to run it again after a trace it could not read, which a
        // busy machine sometimes causes) is tried once more; past that the page has fewer runs.
        for (let attempt = 0; attempt < 2; attempt++) {
          try {
            runs[index]!.push(await auditIn(browsers[index]!, page));
            break;
          } catch (caught) {
            errors[index]!.push(caught instanceof Error ? caught.message : String(caught));
          }
        }
      }
    }
  } finally {
    for (const { browser, chrome } of browsers) {
      await browser.disconnect();
      chrome.kill();
    }
  }
  return pages.map((page, index) => figuresOf(page, runs[index]!, errors[index]!));
}
