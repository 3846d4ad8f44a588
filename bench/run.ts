// npm run bench: the project's performance figures, measured in one run on this machine, beside the
// goals of DESIGN.md's performance budget. It prints and never fails on a missed goal; absolute
// figures depend on the machine, so the goals that matter are ratios measured in the same run.
// Usage: npm run bench [-- --only lighthouse,ssr,api,search,tracking,weight,eta,dispatch] [--markdown]
//   [--runs 3] [--seconds 12] [--api-seconds 5] [--connections 50]
// Environment: CHROME_PATH (default /usr/bin/chromium); DATABASE_URL adds the API and tracking
// figures on that PostgreSQL server to the embedded database's.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { runArrivalBench } from "./arrival-estimates.ts";
import {
  consoleMember,
  courierSignedIn,
  customerWithOrder,
  rigaVendors,
  visitorWithCart,
} from "./demo-visitors.ts";
import { dispatchSection } from "./dispatch-city.ts";
import { type LighthousePage, runLighthouse } from "./lighthouse-runs.ts";
import { describeMachine } from "./machine.ts";
import {
  COURIER_BUDGET_KB,
  measureFirstLoadJs,
  measureSinglePageFirstLoadJs,
  storefrontPages,
} from "./page-weight.ts";
import {
  type ApiBenchRow,
  apiSection,
  appLighthouseSection,
  arrivalSection,
  courierWeightSection,
  finishReport,
  lighthouseSection,
  machineSection,
  type Section,
  SSR_PAGES,
  ssrSection,
  trackingSection,
  weightSection,
} from "./report.ts";
import { runSearchBench, searchSection } from "./search-catalogue.ts";
import {
  blankBuildDir,
  buildBlankApp,
  buildStorefront,
  courierBuildDir,
  demoSecretsOf,
  type ServerProcess,
  startBlankApp,
  startStorefront,
  storefrontBuildDir,
} from "./server-processes.ts";
import { runSsrBench } from "./ssr-throughput.ts";

const PARTS = ["weight", "lighthouse", "ssr", "api", "search", "tracking", "eta", "dispatch"] as const;
type Part = (typeof PARTS)[number];

const { values } = parseArgs({
  options: {
    only: { type: "string", default: PARTS.join(",") },
    markdown: { type: "boolean", default: false },
    runs: { type: "string", default: "3" },
    seconds: { type: "string", default: "12" },
    "api-seconds": { type: "string", default: "5" },
    connections: { type: "string", default: "50" },
  },
});
const parts = new Set(values.only.split(",").map((part) => part.trim()) as Part[]);
for (const part of parts) {
  if (!PARTS.includes(part)) throw new Error(`unknown part ${part}: expected some of ${PARTS.join(",")}`);
}
const runs = Number(values.runs);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const apiSeconds = Number(values["api-seconds"]);
/** Orders whose first arrival window is set against the simulated delivery, and how fast it runs. */
const ARRIVALS = { orders: 5, speed: 30 };
/** Issue 43's search goal: 10,000 dishes, 20 searches at a time. */
const SEARCH_BENCH = { dishes: 10_000, connections: 20, seconds: 10 };
/** As bench/tracking.ts's own defaults. */
const TRACKING = { sockets: 19_500, orders: 1_950, seconds: 10 };
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const databaseUrl = process.env.DATABASE_URL;
const databases: Array<{ name: string; url?: string }> = [
  { name: "PGlite (embedded)" },
  ...(databaseUrl ? [{ name: "PostgreSQL (DATABASE_URL)", url: databaseUrl }] : []),
];
/** Progress goes to stderr, so `--markdown > figures.md` keeps only the tables. */
const progress = (message: string) => console.error(`[bench] ${message}`);

const sections: Section[] = [machineSection(describeMachine(chromePath))];

/**
 * A bench another file provides (bench/api-throughput.ts, bench/tracking.ts), loaded only when the
 * file is there, so this runner works before and after it lands.
 */
async function optionalBench<T>(file: string, name: string): Promise<T | null> {
  const url = new URL(file, import.meta.url);
  if (!fs.existsSync(url)) return null;
  const loaded = (await import(url.href)) as Record<string, unknown>;
  if (typeof loaded[name] !== "function") throw new Error(`${file} exports no ${name}`);
  return loaded[name] as T;
}

const failure = (error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`;

const needsBuilds = parts.has("weight") || parts.has("lighthouse") || parts.has("ssr");
if (needsBuilds) {
  progress("building the storefront and the blank page");
  buildStorefront();
  buildBlankApp();
}

if (parts.has("weight")) {
  const [blank] = await measureFirstLoadJs(blankBuildDir, [{ page: "blank", routeId: "routes/home" }]);
  sections.push(weightSection(await measureFirstLoadJs(storefrontBuildDir, storefrontPages), blank!));
  const courier = measureSinglePageFirstLoadJs(courierBuildDir, "courier app (/courier/)");
  sections.push(courierWeightSection(courier, COURIER_BUDGET_KB));
}

if (parts.has("lighthouse") || parts.has("ssr")) {
  const servers: ServerProcess[] = [];
  try {
    progress("starting the storefront on a fresh database (it seeds the demo data) and the blank page");
    const storefront = await startStorefront();
    servers.push(storefront);
    const blank = await startBlankApp();
    servers.push(blank);
    const vendorId = (await rigaVendors(storefront.url))[0]!.id;

    if (parts.has("lighthouse")) {
      const visitorCookie = await visitorWithCart(storefront.url);
      const customer = await customerWithOrder(storefront.url);
      const pages: LighthousePage[] = [
        { name: "blank page (reference)", url: `${blank.url}/` },
        ...(["en", "ar"] as const).flatMap((locale) => {
          const suffix = locale === "en" ? "" : ` (${locale})`;
          return [
            { name: `home${suffix}`, url: `${storefront.url}/${locale}/riga` },
            { name: `vendor${suffix}`, url: `${storefront.url}/${locale}/riga/vendor/${vendorId}` },
            {
              name: `cart (a visitor's, filled)${suffix}`,
              url: `${storefront.url}/${locale}/cart`,
              cookie: visitorCookie,
            },
            {
              name: `order status (signed in)${suffix}`,
              url: `${storefront.url}/${locale}/menu/orders/${customer.orderId}/status`,
              cookie: customer.cookie,
            },
          ];
        }),
      ];
      // A few renders first, so the audit meets a warm server as a visitor would.
      for (const page of pages) {
        for (let warm = 0; warm < 3; warm++)
          await (
            await fetch(page.url, { headers: page.cookie ? { Cookie: page.cookie } : {} })
          ).arrayBuffer();
      }
      progress(`Lighthouse: ${pages.length} pages × ${runs} runs`);
      sections.push(lighthouseSection(await runLighthouse(pages, { runs, chromePath }), runs));
      const dispatcher = await consoleMember(
        storefront.url,
        "dispatch@dostavka.example",
        demoSecretsOf(storefront).staffPassword,
      );
      const apps: LighthousePage[] = [
        {
          name: "console order board (desktop)",
          url: `${storefront.url}/console/en/orders`,
          cookie: dispatcher,
          desktop: true,
        },
        {
          name: "courier app (mobile)",
          url: `${storefront.url}/courier/`,
          cookie: await courierSignedIn(storefront.url, dispatcher),
        },
      ];
      progress(`Lighthouse: the console and the courier app × ${runs} runs`);
      sections.push(appLighthouseSection(await runLighthouse(apps, { runs, chromePath }), runs));
    }

    if (parts.has("ssr")) {
      progress(
        `SSR: 4 pages and the blank page between them, ${seconds} s each at ${connections} connections`,
      );
      // A visitor with a cart gets pages rendered for them; one without, the pages kept for everyone.
      const cart = await visitorWithCart(storefront.url);
      const figures = await runSsrBench(
        { name: "blank React Router page", url: `${blank.url}/` },
        [
          { name: SSR_PAGES.keptLocality, url: `${storefront.url}/en/riga` },
          { name: SSR_PAGES.keptVendor, url: `${storefront.url}/en/riga/vendor/${vendorId}` },
          { name: SSR_PAGES.renderedLocality, url: `${storefront.url}/en/riga`, cookie: cart },
          { name: SSR_PAGES.renderedSupport, url: `${storefront.url}/en/support`, cookie: cart },
        ],
        { seconds, connections, warmUpSeconds: 3 },
      );
      sections.push(ssrSection(figures, connections, seconds));
    }
  } catch (error) {
    sections.push({
      title: "Lighthouse and SSR",
      columns: ["", ""],
      rows: [[failure(error), ""]],
      notes: [],
    });
  } finally {
    for (const server of servers) await server.stop();
  }
}

if (parts.has("api")) {
  type RunApiBench = (options: {
    databaseUrl?: string;
    seconds: number;
    connections: number;
  }) => Promise<ApiBenchRow[]>;
  const runApiBench = await optionalBench<RunApiBench>("./api-throughput.ts", "runApiBench");
  for (const database of databases) {
    progress(`API on ${database.name}`);
    const rows = runApiBench
      ? await runApiBench({ databaseUrl: database.url, seconds: apiSeconds, connections }).catch(failure)
      : "not available (bench/api-throughput.ts is not there yet)";
    sections.push(apiSection(database.name, rows));
  }
}

if (parts.has("search")) {
  for (const database of databases) {
    progress(
      `search: ${SEARCH_BENCH.dishes} dishes, ${SEARCH_BENCH.connections} at a time, on ${database.name}`,
    );
    const figures = await runSearchBench({ ...SEARCH_BENCH, databaseUrl: database.url }).catch(failure);
    sections.push(searchSection(database.name, figures));
  }
}

if (parts.has("tracking")) {
  type RunTrackingBench = (options: {
    sockets: number;
    orders: number;
    seconds: number;
    databaseUrl?: string;
  }) => Promise<unknown>;
  const runTrackingBench = await optionalBench<RunTrackingBench>("./tracking.ts", "runTrackingBench");
  for (const database of databases) {
    progress(`tracking on ${database.name}`);
    const figures = runTrackingBench
      ? await runTrackingBench({ ...TRACKING, databaseUrl: database.url }).catch(failure)
      : "not available (bench/tracking.ts is not there yet)";
    sections.push(trackingSection(`Order tracking on ${database.name}`, figures));
  }
}

if (parts.has("dispatch")) {
  progress("dispatch: a simulated Riga afternoon under both rules");
  sections.push(dispatchSection());
}

if (parts.has("eta")) {
  progress(`arrival window: ${ARRIVALS.orders} orders delivered by the simulator at speed ${ARRIVALS.speed}`);
  const figures = await runArrivalBench(ARRIVALS).catch(failure);
  sections.push(arrivalSection(figures, ARRIVALS.speed));
}

console.log(finishReport(sections, values.markdown));
