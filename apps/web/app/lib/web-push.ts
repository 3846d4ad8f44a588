import { endpoints } from "@storefront/domain/endpoints";
import { clientGet, clientSend } from "./api.client.ts";
import type { useStorefront } from "./storefront.ts";

type Client = ReturnType<typeof useStorefront>["client"];

/** Where the tab remembers that the customer answered the offer (yes or not now): it is made once. */
const ANSWERED_KEY = "storefront.orderNews.answered";
/** The storefront's service worker (see service-worker.ts), which shows the notifications. */
const WORKER_URL = "/sw.js";

/** What the offer of order news can do in this browser now. */
export type OrderNewsState = "offer" | "subscribe-silently" | "none";

/**
 * Whether to offer order news: a browser with push (not the native app, whose pushes are FCM's),
 * the customer not asked before and not refused; with permission already given (a new session on
 * this browser), the subscription is renewed without asking.
 */
export function orderNewsState(native: boolean): OrderNewsState {
  if (native || typeof window === "undefined") return "none";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return "none";
  if (Notification.permission === "granted") return "subscribe-silently";
  if (Notification.permission === "denied") return "none";
  return localStorage.getItem(ANSWERED_KEY) ? "none" : "offer";
}

export function rememberOrderNewsAnswer(): void {
  localStorage.setItem(ANSWERED_KEY, new Date().toISOString());
}

/**
 * Subscribes this browser to the order's news: asks for permission when it was not given, then
 * subscribes with the installation's VAPID key and hands the subscription to this session. Answers
 * "on", "blocked" (the customer or the browser said no) or "unavailable" (no web push here).
 */
export async function subscribeToOrderNews(
  client: Client,
  locale: string,
): Promise<"on" | "blocked" | "unavailable"> {
  try {
    const permission =
      Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    if (permission !== "granted") return "blocked";
    const { publicKey } = await clientGet(client, endpoints.webPushKey(), locale);
    const registration =
      (await navigator.serviceWorker.getRegistration()) ??
      (await navigator.serviceWorker.register(WORKER_URL));
    await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
    const sent = await clientSend(client, endpoints.customer.webPush("PUT"), locale, subscription.toJSON());
    return sent.ok ? "on" : "unavailable";
  } catch {
    return "unavailable";
  }
}
