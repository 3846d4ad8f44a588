// Server-side rendering throughput: autocannon drives each page from loopback after a warm-up,
// with the headers a browser sends for a first visit (and a cart's cookie for a page rendered for its
// visitor), and compares it to the blank page.
import autocannon from "autocannon";
import { BROWSER_ACCEPT_ENCODING } from "./browser-headers.ts";

const BROWSER_HEADERS = {
  Accept: "text/html,application/xhtml+xml",
  "Accept-Encoding": BROWSER_ACCEPT_ENCODING,
  "Accept-Language": "en",
};

export interface LoadTarget {
  name: string;
  url: string;
  /** The visitor's cookies: none for a first visit. */
  cookie?: string;
}

export interface LoadFigures {
  name: string;
  url: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** One measured autocannon run, after a warm-up run whose figures are dropped. */
export async function measureLoad(
  target: LoadTarget,
  options: { seconds: number; connections: number; warmUpSeconds: number; headers?: Record<string, string> },
): Promise<LoadFigures> {
  const settings = {
    url: target.url,
    headers: { ...BROWSER_HEADERS, ...(target.cookie ? { Cookie: target.cookie } : {}), ...options.headers },
    connections: options.connections,
  };
  await autocannon({ ...settings, duration: options.warmUpSeconds });
  const result = await autocannon({ ...settings, duration: options.seconds });
  return {
    name: target.name,
    url: target.url,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

export interface SsrFigures extends LoadFigures {
  /** Page req/s over the blank page's, measured just before and just after it. */
  ratioToBlank: number;
}

/**
 * The blank page, then each page followed by the blank page again: on a shared machine the load of
 * others drifts, so each page is compared with the mean of the blank runs on either side of it.
 * The first row is the blank page, its req/s the mean of its runs and its p99 the worst of them.
 */
export async function runSsrBench(
  blank: LoadTarget,
  pages: LoadTarget[],
  options: { seconds: number; connections: number; warmUpSeconds: number },
): Promise<{ rows: SsrFigures[]; blankRuns: number[] }> {
  const blankRuns = [await measureLoad(blank, options)];
  const rows: SsrFigures[] = [];
  for (const page of pages) {
    const figures = await measureLoad(page, options);
    const after = await measureLoad(blank, options);
    const before = blankRuns.at(-1)!;
    blankRuns.push(after);
    const reference = (before.requestsPerSecond + after.requestsPerSecond) / 2;
    rows.push({ ...figures, ratioToBlank: figures.requestsPerSecond / reference });
  }
  const sum = (pick: (run: LoadFigures) => number) => blankRuns.reduce((total, run) => total + pick(run), 0);
  const blankRow: SsrFigures = {
    ...blankRuns[0]!,
    requestsPerSecond: sum((run) => run.requestsPerSecond) / blankRuns.length,
    p50: Math.max(...blankRuns.map((run) => run.p50)),
    p99: Math.max(...blankRuns.map((run) => run.p99)),
    errors: sum((run) => run.errors),
    timeouts: sum((run) => run.timeouts),
    non2xx: sum((run) => run.non2xx),
    ratioToBlank: 1,
  };
  return { rows: [blankRow, ...rows], blankRuns: blankRuns.map((run) => run.requestsPerSecond) };
}
