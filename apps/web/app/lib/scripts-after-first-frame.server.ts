import { Transform, type TransformCallback } from "node:stream";

/**
 * The page is rendered on the server and readable before its scripts run, so its scripts wait for
 * its first frame: React Router's module preloads (`<link rel="modulepreload">`, which a browser
 * fetches at once, beside the stylesheet, the fonts and the picture the customer waits for) leave
 * the head, and its module script fetches them only once the page's largest pictures (those marked
 * `fetchpriority="high"`) have been painted (decision 0172). A phone's slow network carries the
 * picture first; hydration's work comes after the first frame, not before it.
 *
 * The module script stays where React Router put it, with its nonce, so the page's policy allows it
 * as before; its static imports become awaited `import()`s in the same order. A script of another
 * shape is left as it was, with its preloads put back before it.
 */
const PRELOAD = /<link\s[^>]*rel="modulepreload"[^>]*>/y;
const HREF = /\shref="([^"]+)"/;
const SCRIPT_OPEN = /<script(\s[^>]*)?>/y;
const MODULE_TYPE = /\stype="module"/;
const SCRIPT_CLOSE = "</script>";

/** At most this long after the page began, the scripts come whether or not the pictures did. */
export const LONGEST_WAIT_MS = 2_500;

/**
 * Resolves once the first screen's largest pictures have been painted. Where the browser reports
 * each picture's own paint (Element Timing: Chromium; the pictures carry `elementtiming`), once
 * every one of them on the screen (not hidden at this width, not scrolled past by a link to a part
 * of the page) is painted or has failed: a picture that came as the first frame was painted
 * may be decoded and painted a few frames later, and scripts fetched in between take the phone's
 * network and processor from it. Elsewhere, once the browser reports one of them as its largest
 * paint, or, where it reports none (another element is larger), once the load event says every
 * picture of the first screen has come and the browser has painted a first frame (a `paint` entry;
 * the load event can come before it). No timer is needed but the longest wait's, so a page whose
 * clock is stopped (a test's) still goes live.
 */
const WAIT_FOR_FIRST_FRAME = `await new Promise((go) => {
  setTimeout(go, ${LONGEST_WAIT_MS} - performance.now());
  const kinds = globalThis.PerformanceObserver?.supportedEntryTypes ?? [];
  const pictures = [...document.querySelectorAll('img[fetchpriority="high"]')];
  const onScreen = (img) => { const box = img.getBoundingClientRect(); return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth; };
  const unpainted = new Set(pictures.filter((img) => (!img.complete || img.naturalWidth > 0) && onScreen(img)));
  const timed = kinds.includes("element") && pictures.length > 0;
  let loaded = document.readyState === "complete";
  let painted = !kinds.includes("paint");
  const framed = () => (timed ? unpainted.size === 0 : loaded && painted) && go();
  addEventListener("load", () => { loaded = true; framed(); }, { once: true });
  for (const img of unpainted) img.addEventListener("error", () => { unpainted.delete(img); framed(); }, { once: true });
  try {
    if (timed) new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) unpainted.delete(entry.element);
      framed();
    }).observe({ type: "element", buffered: true });
    else new PerformanceObserver((list, observer) => {
      if (list.getEntries().some((entry) => pictures.includes(entry.element))) { observer.disconnect(); go(); }
    }).observe({ type: "largest-contentful-paint", buffered: true });
    if (!painted) new PerformanceObserver((list, observer) => { observer.disconnect(); painted = true; framed(); })
      .observe({ type: "paint", buffered: true });
  } catch { painted = true; }
  framed();
});`;

/** What a preload of each kind is: a module the page imports, or data it fetches before it hydrates. */
const PRELOAD_KINDS = {
  module: ['link.rel = "modulepreload";'],
  data: ['link.rel = "preload";', 'link.as = "fetch";', 'link.crossOrigin = "anonymous";'],
};

/** The lines of the module script that preload these files once the frame is painted. */
const preloadsAfterFrame = (hrefs: string[], kind: keyof typeof PRELOAD_KINDS) =>
  hrefs.length === 0
    ? ""
    : [
        `for (const href of ${JSON.stringify(hrefs)}) {`,
        '  const link = document.createElement("link");',
        ...PRELOAD_KINDS[kind].map((line) => `  ${line}`),
        "  link.href = href;",
        "  document.head.append(link);",
        "}",
      ].join("\n");

/**
 * React Router's module script as one that waits for the first frame, then preloads the page's
 * data (`fetches`) and modules and imports the modules in the order it did; null for a script of a
 * shape it does not know.
 */
export function moduleScriptAfterFirstFrame(
  code: string,
  preloads: string[],
  fetches: string[] = [],
): string | null {
  const lines: string[] = [];
  for (const line of code.split("\n")) {
    const bare = /^\s*import\s+"([^"]+)";\s*$/.exec(line);
    const named = /^\s*import\s+\*\s+as\s+([A-Za-z_$][\w$]*)\s+from\s+"([^"]+)";\s*$/.exec(line);
    if (bare) lines.push(`await import(${JSON.stringify(bare[1])});`);
    else if (named) lines.push(`const ${named[1]} = await import(${JSON.stringify(named[2])});`);
    else if (/^\s*import\s/.test(line) || /^\s*export\s/.test(line)) return null;
    else lines.push(line);
  }
  return [
    WAIT_FOR_FIRST_FRAME,
    preloadsAfterFrame(fetches, "data"),
    preloadsAfterFrame(preloads, "module"),
    ...lines,
  ]
    .filter(Boolean)
    .join("\n");
}

const preloadLink = (href: string) => `<link rel="modulepreload" href="${href}"/>`;
const fetchPreloadLink = (href: string) =>
  `<link rel="preload" as="fetch" crossorigin="anonymous" href="${href}"/>`;

/**
 * The stream of a rendered page, its scripts made to wait for the first frame; `data`, what the
 * page reads before it hydrates (its language's catalogue, decision 0190), is fetched with them.
 * Addresses are the build's own files, in ASCII, as the page is written byte for byte.
 */
export function scriptsAfterFirstFrame(data: string[] = []): Transform & { flush(): void } {
  /** Text that may be the start of a preload or of the module script the next chunk completes. */
  let held = "";
  const preloads: string[] = [];
  const fetches = [...data];
  const putBack = () => fetches.map(fetchPreloadLink).join("") + preloads.map(preloadLink).join("");

  /** The text that can go now, with the preloads taken out and the module script rewritten. */
  function pass(text: string, final: boolean): string {
    let out = "";
    /** Where the text not yet written out begins; and where the text held for the next chunk does. */
    let at = 0;
    let holdAt = text.length;
    for (let tag = text.indexOf("<"); tag !== -1; ) {
      const name = text[tag + 1];
      // The start of a tag this chunk does not complete: held for the next one.
      if (!final && (name === undefined || ((name === "l" || name === "s") && !text.includes(">", tag)))) {
        holdAt = tag;
        break;
      }
      PRELOAD.lastIndex = tag;
      const link = name === "l" ? PRELOAD.exec(text) : null;
      if (link) {
        const href = HREF.exec(link[0])?.[1];
        if (href) preloads.push(href);
        out += text.slice(at, tag) + (href ? "" : link[0]);
        at = PRELOAD.lastIndex;
        tag = text.indexOf("<", at);
        continue;
      }
      SCRIPT_OPEN.lastIndex = tag;
      const open = name === "s" ? SCRIPT_OPEN.exec(text) : null;
      if (open && MODULE_TYPE.test(open[1] ?? "")) {
        const close = text.indexOf(SCRIPT_CLOSE, SCRIPT_OPEN.lastIndex);
        if (close !== -1) {
          const code = text.slice(SCRIPT_OPEN.lastIndex, close);
          const waiting = moduleScriptAfterFirstFrame(code, preloads, fetches);
          out += text.slice(at, tag);
          // Not async any more: it waits for the frame itself, once the page is parsed.
          out +=
            waiting === null
              ? putBack() + open[0] + code + SCRIPT_CLOSE
              : open[0].replace(/\sasync(="")?/, "") + waiting + SCRIPT_CLOSE;
          preloads.length = 0;
          fetches.length = 0;
          at = close + SCRIPT_CLOSE.length;
          tag = text.indexOf("<", at);
          continue;
        }
        if (!final) {
          holdAt = tag;
          break;
        }
      }
      tag = text.indexOf("<", tag + 1);
    }
    held = text.slice(holdAt);
    return out + text.slice(at, holdAt);
  }

  // The page is read and written a byte a character (latin1): every tag and attribute looked for is
  // ASCII, a character of several bytes passes through as its bytes, even split across chunks, and
  // nothing is decoded from UTF-8 and encoded again.
  //
  // React writes a page in views of 4 kB (about 25 for a locality page), and calls its destination's
  // `flush()` once it has written all it has for now (the shell, then each part that comes later).
  // What it wrote goes on at that call as one chunk, so every stream after this one (the Response's
  // body, the server's, the compressor) handles a few chunks a page rather than dozens.
  let written: Buffer[] = [];
  const release = (final: boolean) => {
    const text = held + Buffer.concat(written).toString("latin1");
    written = [];
    return Buffer.from(pass(text, final) + (final ? putBack() : ""), "latin1");
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      written.push(chunk);
      callback();
    },
    flush(callback: TransformCallback) {
      // Preloads of a page without its module script are put back at its end.
      callback(null, release(true));
    },
  });
  return Object.assign(stream, {
    /** React's signal that it has written what it has for now. */
    flush() {
      if (written.length > 0) stream.push(release(false));
    },
  });
}
