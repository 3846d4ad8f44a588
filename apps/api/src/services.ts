import { randomBytes } from "node:crypto";
import { PHONE_CODE_LENGTH_PRODUCTION } from "@storefront/domain";
import { Redis } from "ioredis";
import { FCM_API, type FcmSettings, fcmSender } from "./accounts/fcm-sender.ts";
import {
  type FirebaseTokenVerifier,
  firebaseEmulatorVerifier,
  firebaseTokenVerifier,
} from "./accounts/firebase-sign-in.ts";
import { knownStreetsGeocoder, type ReverseGeocoder } from "./accounts/geocoder.ts";
import { MessageOutbox } from "./accounts/message-outbox.ts";
import {
  MessageRefusedError,
  type MessageSender,
  type OutgoingMessage,
  webhookSender,
} from "./accounts/messages.ts";
import { PushSenders } from "./accounts/push-senders.ts";
import { SessionCache } from "./accounts/session-cache.ts";
import { forgetDeviceToken } from "./accounts/sessions-repository.ts";
import { TWILIO_STATUS_PATH, type TwilioSettings, twilioSender } from "./accounts/twilio-sender.ts";
import { type WebPushSettings, webPushSender } from "./accounts/web-push-sender.ts";
import {
  type CatalogueInvalidations,
  type InvalidationListener,
  inProcessInvalidations,
  redisInvalidations,
} from "./catalogue/catalogue-invalidations.ts";
import { ImageStore } from "./catalogue/images.ts";
import { CatalogueAnswers } from "./catalogue/public-answers.ts";
import { ReadCache } from "./catalogue/read-cache.ts";
import type { PaymentSettings } from "./config.ts";
import { type CourierDispatch, courierDispatch } from "./couriers/dispatch.ts";
import type { Database } from "./db/client.ts";
import { AppError, LOCALITY_NOT_FOUND_MESSAGE } from "./errors.ts";
import { type InvoiceLinks, invoiceLinks } from "./invoices/invoice-links.ts";
import { type Mailer, outboxMailer, smtpSender } from "./invoices/mailer.ts";
import { type MediaStore, mediaAddressOf } from "./media/media-store.ts";
import { inProcessOrderEvents, type OrderEvents } from "./orders/order-events.ts";
import type { OrderOutcomeDeps } from "./orders/order-outcome.ts";
import { redisOrderEvents } from "./orders/redis-order-events.ts";
import { PartnerHosts } from "./partners/partner-hosts.ts";
import { PartnerSockets } from "./partners/partner-sockets.ts";
import { isPartnerSuspended } from "./partners/partner-status.ts";
import { cardProcessor } from "./payments/card-processor.ts";
import { KeyVault } from "./payments/key-vault.ts";
import { orderRefunds } from "./payments/order-payments.ts";
import { PaymentProviders } from "./payments/payment-providers.ts";
import { STRIPE_API } from "./payments/stripe-gateway.ts";
import { PartnerCache } from "./plugins/partner.ts";

/** What the route plugins share: the database, the caches and the clock. */
export interface AppServices {
  db: Database;
  imageStore: ImageStore;
  /** Serialized public catalogue answers and what they are built from, dropped by tag on a change. */
  readCache: ReadCache;
  /**
   * The storefront's pages for visitors without a session or a cart (plugins/page-cache.ts),
   * dropped by the tags of what they read, like the catalogue's answers.
   */
  pageCache: ReadCache;
  /** The public catalogue's reads, served from the read cache. */
  catalogue: CatalogueAnswers;
  /**
   * What a write announces, so every process drops what it kept: catalogue answers, partners, and
   * sessions signed out.
   */
  catalogueInvalidations: CatalogueInvalidations;
  /** Every message (SMS, e-mail, push, web push), kept and sent with retries (see MessageOutbox). */
  outbox: MessageOutbox;
  /** Native pushes: each partner's own FCM account or the deployment's. */
  pushes: PushSenders;
  /** The installation's VAPID keys and allowed push services; null where web push is off. */
  webPush: WebPushSettings | null;
  /** Checks the ID tokens of partners whose customers sign in with Firebase. */
  firebase: FirebaseTokenVerifier;
  /** Names the place at a point, for the address form. */
  geocoder: ReverseGeocoder;
  /** E-mail (invoices): SMTP when configured, the demo outbox otherwise. */
  mailer: Mailer;
  /** Signed, short-lived invoice links for the native app. */
  invoiceLinks: InvoiceLinks;
  /** Partners by code, for the X-Partner-Code of every request. */
  partners: PartnerCache;
  /** Which partner a host name's storefront and console serve. */
  partnerHosts: PartnerHosts;
  /** The partners' open sockets, closed when their partner is suspended. */
  partnerSockets: PartnerSockets;
  /** Sessions by token for a few seconds, for the tracking sockets; signing out forgets them. */
  sessionCache: SessionCache;
  /** Order status changes and courier moves, for the tracking sockets. */
  orderEvents: OrderEvents;
  /**
   * Each partner's card processor: its own Stripe account, else the deployment's (Stripe, the
   * built-in sandbox gateway, or none: cash only).
   */
  payments: PaymentProviders;
  /** What every status change applies (orders/order-outcome.ts), payments given as its refund port. */
  orderOutcome: OrderOutcomeDeps;
  /** Automatic dispatch: orders offered to the couriers on shift (couriers/dispatch.ts). */
  dispatch: CourierDispatch;
  /** A Redis connection for readiness checks, when configured; it queues nothing while Redis is down. */
  redis: Redis | null;
  /** The process's own state: `draining` from SIGTERM on, when readiness answers 503. */
  lifecycle: { draining: boolean };
  now: () => Date;
  /** The storefront's origin as visitors reach it (PUBLIC_URL): every link that leaves the API starts here. */
  publicUrl: string;
  /** The native app's webview origins: they may call the API and open tracking sockets. */
  appOrigins: readonly string[];
  /** Where pictures are kept (the local folder or a bucket); served under /api/media/. */
  media: MediaStore;
  /** Origins of a console served apart from this server (CONSOLE_ORIGINS): its cookie calls and live feed. */
  consoleOrigins: readonly string[];
  /** Sign-in codes one network address may ask for in an hour, when configured. */
  signInCodesPerAddressPerHour: number | undefined;
  /** Digits of a sign-in code. */
  signInCodeLength: number;
  localityNotFound: () => AppError;
}

/**
 * The read cache's bounds: every public answer of the demo in five languages takes about 16 MB; past
 * the limit the least recently read entries go.
 */
const READ_CACHE_LIMITS = { maxBytes: 64 * 1024 * 1024, maxEntries: 20_000, maxAgeMs: 10 * 60_000 };
/** A page is some 100-300 kB of HTML; a page is kept for its minute at most (see page-cache.ts). */
const PAGE_CACHE_LIMITS = { maxBytes: 64 * 1024 * 1024, maxEntries: 2_000, maxAgeMs: 60_000 };

/**
 * Where each channel's messages go: pushes to FCM, SMS to Twilio, each else to the operator's relay;
 * web push to the browsers' push services wherever the installation has its keys, demo included.
 * In the demo (OUTBOX) the other channels have no provider: their messages are kept for its
 * visitors to read. Outside it a channel nobody sends is refused, so its messages show as failed.
 */
function messageProviders(
  db: Database,
  settings: Parameters<typeof createServices>[2],
  vault: KeyVault | null,
): { providers: Partial<Record<OutgoingMessage["channel"], MessageSender>>; pushes: PushSenders } {
  const webPush = settings.webPush ? { WEB_PUSH: webPushSender(db, settings.webPush) } : {};
  // A mail server given is used in demo mode too: e-mail is sent from the outbox.
  const email = settings.smtpUrl ? { EMAIL: smtpSender(settings.smtpUrl) } : {};
  const demo = settings.outbox !== false;
  const relay = !demo && settings.messageWebhook ? webhookSender(settings.messageWebhook) : null;
  const none = (channel: string): MessageSender => ({
    send: () => Promise.reject(new MessageRefusedError(`no provider sends ${channel} messages here`)),
  });
  const forget = (token: string) => forgetDeviceToken(db, token);
  // Native pushes through the FCM account of each device's app: a partner's own, or the
  // deployment's (in demo mode too, where one is set); the relay's otherwise, kept in the demo.
  const pushes = new PushSenders(
    db,
    {
      fcm: settings.fcm ? fcmSender(settings.fcm, forget) : null,
      otherwise: demo ? null : (relay ?? none("PUSH")),
      otherwiseIs: demo ? "outbox" : relay ? "relay" : "none",
    },
    {
      vault,
      fcmApiUrl: settings.fcmApiUrl ?? settings.fcm?.apiUrl ?? FCM_API,
      forget,
      report: settings.reportError ?? (() => {}),
    },
  );
  if (demo) return { providers: { PUSH: pushes, ...webPush, ...email }, pushes };
  return {
    pushes,
    providers: {
      PUSH: pushes,
      SMS: settings.twilio
        ? twilioSender({
            ...settings.twilio,
            statusCallback: new URL(TWILIO_STATUS_PATH, settings.publicUrl).href,
          })
        : (relay ?? none("SMS")),
      EMAIL: relay ?? none("EMAIL"),
      ...email,
      ...webPush,
    },
  };
}

export function createServices(
  db: Database,
  now: () => Date = () => new Date(),
  settings: {
    signInCodesPerAddressPerHour?: number | undefined;
    signInCodeLength?: number | undefined;
    redisUrl?: string | undefined;
    /** Before every Redis channel's name (REDIS_CHANNEL_PREFIX). */
    redisChannelPrefix?: string | undefined;
    smtpUrl?: string | undefined;
    invoiceLinkSecret?: string | undefined;
    firebaseJwksUrl?: string | undefined;
    /** Firebase's Auth Emulator (host:port): sign-ins checked with it, the storefront sent to it. */
    firebaseAuthEmulatorHost?: string | undefined;
    /** Messages kept in the outbox (the default) or posted to the operator's relay. */
    outbox?: boolean;
    messageWebhook?: { url: string; token?: string | undefined } | undefined;
    /** Native pushes through FCM (FCM_SERVICE_ACCOUNT), beside the relay; the relay's otherwise. */
    fcm?: FcmSettings | undefined;
    /** Where FCM's HTTP v1 API is (FCM_API_URL), for the partners' own accounts too. */
    fcmApiUrl?: string | undefined;
    /** SMS through Twilio (SMS_PROVIDER=twilio); the relay's otherwise. */
    twilio?: Omit<TwilioSettings, "statusCallback"> | undefined;
    /** The installation's VAPID keys: web push is sent (demo mode too) when set. */
    webPush?: WebPushSettings | undefined;
    /** The card processor: the sandbox gateway (the default), Stripe, or none at all. */
    payments?: PaymentSettings;
    /** The partner a deployment that records no host serves on every host (PARTNER_CODE). */
    defaultPartnerCode?: string;
    publicUrl: string;
    /** The native app's webview origins (see app-origins.ts). */
    appOrigins: readonly string[];
    consoleOrigins?: readonly string[];
    media: MediaStore;
    /** A CDN or the bucket's origin browsers load pictures from (MEDIA_PUBLIC_URL); this API's /api/media/ unless set. */
    mediaPublicUrl?: string | undefined;
    /** Where failures that answer no request (a lost Redis publish) are reported. */
    reportError?: (error: unknown, message: string) => void;
    /** Where the recovery from such a failure is told. */
    log?: (message: string) => void;
    /** Check public answers against their response schemas when built (tests). */
    checkAnswers?: boolean;
  },
): AppServices {
  const report = settings.reportError ?? (() => {});
  const paymentSettings = settings.payments ?? { provider: "sandbox" };
  // Seals the keys the operator gives partners: their card processor's and their push account's.
  const vault = paymentSettings.keysSecret ? new KeyVault(paymentSettings.keysSecret) : null;
  // Each channel through its provider (see messageProviders).
  const { providers, pushes } = messageProviders(db, settings, vault);
  const outbox = new MessageOutbox(db, providers, now, report);
  // Every picture an answer names passes through the image store, which turns it to MEDIA_PUBLIC_URL.
  const imageStore = new ImageStore(db, mediaAddressOf(settings.mediaPublicUrl));
  const readCache = new ReadCache(READ_CACHE_LIMITS);
  const pageCache = new ReadCache(PAGE_CACHE_LIMITS);
  const partners = new PartnerCache(db);
  const partnerHosts = new PartnerHosts(db, settings.defaultPartnerCode ?? "demo");
  const sessionCache = new SessionCache(db);
  const partnerSockets = new PartnerSockets((partnerId) => isPartnerSuspended(db, partnerId));
  const listener: InvalidationListener = {
    invalidate(tags) {
      readCache.invalidate(tags);
      pageCache.invalidate(tags);
      partners.forgetTagged(tags);
      partnerHosts.forgetTagged(tags);
      sessionCache.forgetTagged(tags);
      // A suspended partner's live sockets close with its change, wherever it was made.
      partnerSockets
        .recheck(tags)
        .catch((error: unknown) => report(error, "a suspended partner's sockets could not be closed"));
    },
    deaf: () => {
      readCache.suspend();
      pageCache.suspend();
    },
    hearing: () => {
      readCache.resume();
      pageCache.resume();
    },
  };
  // With Redis, every API process of a deployment hears every order's events.
  const orderEvents = settings.redisUrl
    ? redisOrderEvents(settings.redisUrl, settings.redisChannelPrefix ?? "", {
        down: (error) =>
          report(error, "Redis is unreachable: tracking sockets miss the order updates made meanwhile"),
        back: () => settings.log?.("Redis is reachable again: tracking sockets hear order updates"),
      })
    : inProcessOrderEvents();
  const dispatch = courierDispatch({ db, events: orderEvents });
  const payments = new PaymentProviders(
    db,
    cardProcessor(db, paymentSettings),
    {
      webhookSecret: paymentSettings.provider === "stripe" ? paymentSettings.stripe.webhookSecret : null,
      stripeApiUrl: paymentSettings.stripeApiUrl ?? STRIPE_API,
      vault,
    },
    report,
  );
  return {
    db,
    imageStore,
    readCache,
    pageCache,
    catalogue: new CatalogueAnswers(db, imageStore, readCache, now, {
      checkAnswers: settings.checkAnswers,
      firebaseAuthEmulatorHost: settings.firebaseAuthEmulatorHost,
    }),
    // With Redis, a change made through one API process reaches the caches of all.
    catalogueInvalidations: settings.redisUrl
      ? redisInvalidations(settings.redisUrl, settings.redisChannelPrefix ?? "", listener, (error) =>
          report(error, "a catalogue invalidation did not reach the other processes"),
        )
      : inProcessInvalidations(listener),
    outbox,
    pushes,
    webPush: settings.webPush ?? null,
    mailer: outboxMailer(outbox),
    // Made at start unless configured: links then die with the process (they live 10 minutes).
    invoiceLinks: invoiceLinks(
      settings.invoiceLinkSecret ? Buffer.from(settings.invoiceLinkSecret) : randomBytes(32),
    ),
    geocoder: knownStreetsGeocoder(db),
    firebase: settings.firebaseAuthEmulatorHost
      ? firebaseEmulatorVerifier(settings.firebaseAuthEmulatorHost)
      : firebaseTokenVerifier(settings.firebaseJwksUrl),
    partners,
    partnerHosts,
    partnerSockets,
    sessionCache,
    orderEvents,
    payments,
    orderOutcome: {
      db,
      events: orderEvents,
      outbox,
      payments: orderRefunds({ db, providers: payments, now }),
      dispatch,
    },
    dispatch,
    redis: settings.redisUrl
      ? new Redis(settings.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 0 }).on(
          "error",
          () => {},
        )
      : null,
    lifecycle: { draining: false },
    now,
    publicUrl: settings.publicUrl,
    appOrigins: settings.appOrigins,
    consoleOrigins: settings.consoleOrigins ?? [],
    media: settings.media,
    signInCodesPerAddressPerHour: settings.signInCodesPerAddressPerHour,
    signInCodeLength: settings.signInCodeLength ?? PHONE_CODE_LENGTH_PRODUCTION,
    localityNotFound: () => new AppError(404, "LocalityNotFoundException", LOCALITY_NOT_FOUND_MESSAGE),
  };
}
