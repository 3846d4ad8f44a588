import webpush from "web-push";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { MessageNotSentError, MessageRefusedError, type MessageSender } from "./messages.ts";
import { deleteWebPushSubscription, findWebPushSubscription } from "./web-push-subscriptions-repository.ts";

/** The installation's VAPID keys (RFC 8292) and the push services a subscription may name. */
export interface WebPushSettings {
  /** base64url, as browsers take it in `applicationServerKey`. */
  publicKey: string;
  privateKey: string;
  /** mailto: or https: — who push services may contact about these messages. */
  subject: string;
  /** Origins allowed besides the known push services (WEB_PUSH_ENDPOINT_ORIGINS; tests). */
  endpointOrigins: readonly string[];
}

/** The installation's web push settings, or its 404 where web push is off (no VAPID keys). */
export function webPushOrNotFound(settings: WebPushSettings | null): WebPushSettings {
  if (!settings)
    throw new AppError(404, "WebPushUnavailableException", "Web push is not set up on this storefront");
  return settings;
}

/** Web push messages are recipients' `subscription:<id>`. */
export const subscriptionRecipient = (id: number) => `subscription:${id}`;
const SUBSCRIPTION = /^subscription:(\d{1,10})$/;

/** How long a push service keeps a message for a browser that is offline. */
const TTL_SECONDS = 6 * 60 * 60;
const TIMEOUT_MS = 10_000;

/**
 * Web push to the browsers' push services: the `web-push` package encrypts the payload for the
 * subscription (RFC 8291, aes128gcm) and signs the VAPID header (RFC 8292); the request is sent with
 * fetch, which takes a test's plain-HTTP stand-in as well. A subscription its service says is gone
 * (404, 410) is forgotten and the message refused; 429 and 5xx are tried again by the outbox.
 */
export function webPushSender(db: Database, settings: WebPushSettings): MessageSender {
  return {
    async send(message) {
      const id = Number(SUBSCRIPTION.exec(message.to)?.[1]);
      const subscription = Number.isSafeInteger(id) ? await findWebPushSubscription(db, id) : null;
      if (!subscription) throw new MessageRefusedError("the browser's subscription has ended");
      const request = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        message.text,
        {
          vapidDetails: {
            subject: settings.subject,
            publicKey: settings.publicKey,
            privateKey: settings.privateKey,
          },
          TTL: TTL_SECONDS,
          contentEncoding: "aes128gcm",
          urgency: "high",
        },
      );
      let answer: Response;
      try {
        answer = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: new Uint8Array(request.body as Buffer),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new MessageNotSentError(`the push service could not be reached (${(error as Error).name})`);
      }
      if (answer.ok) return answer.headers.get("location") ?? undefined;
      if (answer.status === 404 || answer.status === 410) {
        await deleteWebPushSubscription(db, subscription.id);
        throw new MessageRefusedError(`the push service says the subscription is gone (${answer.status})`);
      }
      const reason = `the push service answered ${answer.status}`;
      if (answer.status === 429 || answer.status >= 500) throw new MessageNotSentError(reason);
      throw new MessageRefusedError(reason);
    },
  };
}

/** The push services of the browsers the storefront supports, by their endpoints' hosts. */
const KNOWN_PUSH_SERVICES = [
  /^fcm\.googleapis\.com$/, // Chrome, Edge on Android, Samsung Internet
  /^updates\.push\.services\.mozilla\.com$/, // Firefox
  /^web\.push\.apple\.com$/, // Safari
  /^[a-z0-9-]+\.notify\.windows\.com$/, // Edge on Windows
];

/**
 * Whether a subscription's endpoint may be posted to: HTTPS on a known push service, or an origin
 * the operator listed. The server never calls an address a visitor chose.
 */
export function isAllowedPushEndpoint(endpoint: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (allowedOrigins.includes(url.origin)) return true;
  return (
    url.protocol === "https:" && !url.port && KNOWN_PUSH_SERVICES.some((host) => host.test(url.hostname))
  );
}
