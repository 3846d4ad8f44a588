/// <reference lib="webworker" />
export {};

/**
 * The courier app's service worker (scope /courier/): the app opens with no signal. At install it
 * keeps the page and the build's scripts and styles; the page is asked of the network first (a new
 * build, the partner's brand) and answered from the copy offline; the hashed files from the copy.
 * Nothing under /api is ever answered from a cache (its requests are not even looked at): jobs,
 * steps and the shift are the server's.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string }> };

const SCOPE = new URL(self.registration.scope).pathname;
const PAGE = SCOPE;
const MANIFEST = `${SCOPE}manifest.webmanifest`;
const SHELL = self.__WB_MANIFEST.map((entry) => entry.url);

/** A name that changes with the build's files, so a new build starts a clean copy. */
function cacheName(): string {
  let hash = 2166136261;
  for (const char of SHELL.join("\n")) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619);
  return `courier-${(hash >>> 0).toString(36)}`;
}
const CACHE = cacheName();

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([PAGE, ...SHELL]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith("courier-") && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The network's answer, kept for next time; the kept one when there is no network. */
async function networkFirst(request: Request, key: string): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key, { ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (!url.pathname.startsWith(SCOPE)) return;
  // Every page of the app is the one page (its screens are not addresses).
  if (request.mode === "navigate") return event.respondWith(networkFirst(request, PAGE));
  if (url.pathname === MANIFEST) return event.respondWith(networkFirst(request, MANIFEST));
  // The server's answers vary on Origin and Accept-Encoding, which a page's module script request and
  // the worker's own request at install do not share: a hashed file is the same whoever asked.
  if (url.pathname.startsWith(`${SCOPE}assets/`))
    event.respondWith(caches.match(request, { ignoreVary: true }).then((kept) => kept ?? fetch(request)));
});
