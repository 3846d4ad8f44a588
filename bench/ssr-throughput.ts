// Server-side rendering throughput: autocannon drives each page from loopback after a warm-up,
// with the headers a browser sends for a first visit (no cookies), and compares it to the blank page.
import autocannon from "autocannon";

const BROWSER_HEADERS = {
  Accept: "text/html,application/xhtml+xml",
  "Accept-Encoding": "gzip, deflate, br",
  "Accept-Language": "en",
};

export interface LoadTarget {
  name: string;
  url: string;
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
    headers: { ...BROWSER_HEADERS, ...options.headers },
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
  ratioToBlank: number;
}

/** The blank page first, then each page; each answers its ratio to the blank page's req/s. */
export async function runSsrBench(
  blank: LoadTarget,
  pages: LoadTarget[],
  options: { seconds: number; connections: number; warmUpSeconds: number },
): Promise<SsrFigures[]> {
  const reference = await measureLoad(blank, options);
  const rows: SsrFigures[] = [{ ...reference, ratioToBlank: 1 }];
  for (const page of pages) {
    const figures = await measureLoad(page, options);
    rows.push({ ...figures, ratioToBlank: figures.requestsPerSecond / reference.requestsPerSecond });
  }
  return rows;
}
