/// <reference lib="webworker" />
import { CacheExpiration, ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, StaleWhileRevalidate } from "workbox-strategies";
import {
  isLocalityPage,
  isStorefrontPage,
  OFFLINE_COPY_FRESH_MS,
  OFFLINE_PAGES_CACHE,
  OFFLINE_PAGES_MAX,
  offlineCopyKey,
} from "../app/lib/offline-pages.ts";
import { type OfflineWords, offlinePage } from "./offline-page.ts";

/**
 * The storefront's service worker: the shell (the build's scripts and styles) is kept at install; the last locality and vendor pages seen are kept as an anonymous visitor would
 * see them, to browse on a train; nothing personal is kept, and nothing from the API (prices, carts,
 * orders) is answered from a cache: adding to the cart always asks the server.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };
/** The offline page's words in each language, from the catalogues at build time. */
declare const OFFLINE_WORDS: Record<string, OfflineWords>;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

const copies = new CacheExpiration(OFFLINE_PAGES_CACHE, { maxEntries: OFFLINE_PAGES_MAX });

/** A language's catalogue, a file of the build the page fetches before it hydrates (named by its content). */
const CATALOGUE_PATH = /\/assets\/catalogue-[a-z]{2}-[\w-]+\.json/;
const CATALOGUES_CACHE = "catalogues-v1";
/** One file a language at most (eleven languages): a new build's file puts out the oldest. */
const CATALOGUES_MAX = 11;
const catalogueCopies = new CacheExpiration(CATALOGUES_CACHE, { maxEntries: CATALOGUES_MAX });

/** Keeps the catalogue a kept page fetches before it hydrates: offline, the copy hydrates with its words. */
async function keepCatalogueOf(page: Response): Promise<void> {
  const file = CATALOGUE_PATH.exec(await page.text())?.[0];
  if (!file) return;
  const cache = await caches.open(CATALOGUES_CACHE);
  if (await cache.match(file)) return;
  await cache.add(file);
  await catalogueCopies.updateTimestamp(new URL(file, self.location.origin).href);
  await catalogueCopies.expireEntries();
}

/**
 * Takes a copy of a page as someone signed out sees it (no cookie goes with the request): the
 * visitor's name, address, cart and orders never reach the cache. Once per page every few minutes.
 */
async function keepCopy(key: string): Promise<void> {
  const cache = await caches.open(OFFLINE_PAGES_CACHE);
  const kept = await cache.match(key);
  const takenAt = Date.parse(kept?.headers.get("date") ?? "");
  if (kept && Date.now() - takenAt < OFFLINE_COPY_FRESH_MS) return;
  const response = await fetch(key, { credentials: "omit", redirect: "manual", cache: "no-store" });
  const html = response.headers.get("content-type")?.startsWith("text/html");
  if (response.status !== 200 || !html) return;
  await cache.put(key, response.clone());
  await keepCatalogueOf(response);
  await copies.updateTimestamp(key);
  await copies.expireEntries();
}

/** The page for a visitor offline: its copy, a locality's list for the start page, else the offline page. */
async function offlineAnswer(url: URL): Promise<Response> {
  const cache = await caches.open(OFFLINE_PAGES_CACHE);
  const key = offlineCopyKey(url);
  const copy = key ? await cache.match(key) : undefined;
  if (copy) return copy;
  // Opened from the home screen (`/en`, `/`): a locality whose vendors were seen, in that language
  // when there is one.
  const lang = url.pathname.split("/")[1];
  if (url.pathname.split("/").filter(Boolean).length <= 1) {
    const localities = (await cache.keys()).map((request) => request.url).filter(isLocalityPage);
    const mine = localities.find((page) => new URL(page).pathname.startsWith(`/${lang}/`)) ?? localities[0];
    if (mine) return Response.redirect(mine, 302);
  }
  return offlinePage(lang ?? "", OFFLINE_WORDS);
}

// Pages: always from the network while there is one (they are personal and priced); offline, a copy.
registerRoute(
  ({ request, url }) =>
    request.mode === "navigate" && url.origin === self.location.origin && isStorefrontPage(url.pathname),
  async ({ request, url, event }) => {
    try {
      const response = await fetch(request);
      const key = offlineCopyKey(url);
      if (key && response.ok) event.waitUntil(keepCopy(key).catch(() => {}));
      return response;
    } catch {
      return offlineAnswer(url);
    }
  },
);

/**
 * A link followed offline asks for the next page's data (`/en/riga/vendor/7.data`): when a copy of
 * that page is kept, React Router is told to load it as a document instead (its reload-document
 * redirect), which the route above answers with the copy; otherwise the error stays the page's own
 * ("no connection", try again).
 */
registerRoute(
  ({ request, url }) =>
    request.method === "GET" && url.origin === self.location.origin && url.pathname.endsWith(".data"),
  async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const page = new URL(url.href);
      page.pathname = url.pathname === "/_root.data" ? "/" : url.pathname.slice(0, -".data".length);
      page.searchParams.delete("_routes");
      const key = offlineCopyKey(page);
      if (!key || !(await caches.open(OFFLINE_PAGES_CACHE).then((cache) => cache.match(key)))) throw error;
      return new Response(null, {
        status: 204,
        headers: {
          "X-Remix-Redirect": `${page.pathname}${page.search}`,
          "X-Remix-Status": "302",
          "X-Remix-Reload-Document": "true",
        },
      });
    }
  },
);

// The catalogues too: kept as first used (the page's language, not all eleven), and with a kept page.
registerRoute(
  ({ url }) => url.origin === self.location.origin && CATALOGUE_PATH.exec(url.pathname)?.[0] === url.pathname,
  new CacheFirst({
    cacheName: CATALOGUES_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: CATALOGUES_MAX })],
  }),
);

// Fonts come with the build under a hashed name: kept as first used (one script's, not all eleven).
registerRoute(
  ({ request, url }) => request.destination === "font" && url.origin === self.location.origin,
  new CacheFirst({ cacheName: "fonts-v1", plugins: [new ExpirationPlugin({ maxEntries: 12 })] }),
);

// Pictures of vendors and dishes: public, shown from the cache offline and refreshed when online.
registerRoute(
  ({ request, url }) =>
    request.destination === "image" &&
    url.origin === self.location.origin &&
    (url.pathname.startsWith("/api/media/") || !url.pathname.startsWith("/api/")),
  new StaleWhileRevalidate({
    cacheName: "images-v1",
    plugins: [
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

/** A web push of an order's status, as the API sends it (see docs/messages.md). */
interface StatusPush {
  orderID: number;
  title: string;
  body: string;
  /** The storefront page a tap opens, on this origin. */
  url: string;
  /** The partner's icon, on this origin: shown as it comes, with nothing to fetch before. */
  icon?: string;
}

/** A path on this origin (not `//elsewhere` nor `/\elsewhere`, which a browser reads as another host). */
function onThisOrigin(path: unknown): path is string {
  if (typeof path !== "string" || !path.startsWith("/")) return false;
  try {
    return new URL(path, self.location.origin).origin === self.location.origin;
  } catch {
    // `//[`: no address at all.
    return false;
  }
}

function readPush(data: PushMessageData | null): StatusPush | null {
  try {
    const message = data?.json() as Partial<StatusPush> | undefined;
    return message?.title && onThisOrigin(message.url) ? (message as StatusPush) : null;
  } catch {
    return null;
  }
}

// An order moved: the customer is told in their language, one notification per order (a newer
// status replaces the older one).
self.addEventListener("push", (event) => {
  const message = readPush(event.data);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: `order-${message.orderID}`,
      data: { url: message.url },
      ...(onThisOrigin(message.icon) ? { icon: message.icon } : {}),
    }),
  );
});

// A tap opens the order's page (the push-tap rule chose it), in an open storefront tab if there is one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(String(event.notification.data?.url ?? "/"), self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const tab = tabs.find((client) => new URL(client.url).origin === url.origin);
      // A tab of the storefront goes to the page (a tab this worker does not control cannot: a new one opens).
      const moved = tab ? await tab.navigate(url.href).catch(() => null) : null;
      if (moved) return void (await moved.focus().catch(() => undefined));
      await self.clients.openWindow(url.href);
    })(),
  );
});
