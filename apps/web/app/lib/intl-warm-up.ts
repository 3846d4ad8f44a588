import workerUrl from "./intl-warm-up.worker.js?url&no-inline";

/**
 * An inline script for the page's head that starts the Intl warm-up worker (intl-warm-up.worker.js)
 * for the page's language. A fresh page's first Intl object loads the browser's ICU data: 18-44 ms
 * of the main thread on this project's bench machine, inside hydration's first slice (the first
 * price or count rendered), where it made a long task of its own. ICU's data is shared by the
 * threads of the page's process, so a worker that makes the same kinds of objects first takes that
 * work off the main thread; the page's own first objects then cost under a millisecond
 * (docs/performance.md, stop 76; decision 0182). The worker's file is the build's own, allowed by
 * `script-src 'self'`; a browser without workers, or one that refuses it, keeps the cost where it was.
 */
export function intlWarmUpScript(locale: string): string {
  // The build's URL has no query; the development server's has its own (`?no-inline`).
  const url = `${workerUrl}${workerUrl.includes("?") ? "&" : "?"}${new URLSearchParams({ locale })}`;
  return `try{new Worker(${JSON.stringify(url).replace(/</g, "\\u003c")})}catch(e){}`;
}
