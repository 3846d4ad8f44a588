import fs from "node:fs";
import path from "node:path";
import {
  PHONE_CODE_LENGTH_DEMO,
  PHONE_CODE_LENGTH_PRODUCTION,
  PHONE_CODES_PER_ADDRESS_PER_HOUR,
} from "@storefront/domain";
import { z } from "zod";
import { FCM_API, type FcmServiceAccount, parseServiceAccount } from "./accounts/fcm-sender.ts";
import { GOOGLE_FIREBASE_JWKS_URL } from "./accounts/firebase-sign-in.ts";
import { appOriginsOf } from "./app-origins.ts";
import type { MediaStoreSettings } from "./media/media-store.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

const flag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

/** Where visitors reach a storefront nobody gave an address: this machine. */
export function defaultPublicUrl(port: number): string {
  return `http://localhost:${port}`;
}

/** The card processor a deployment uses. */
export type PaymentSettings = (
  | { provider: "sandbox" | "none" }
  | { provider: "stripe"; stripe: { secretKey: string; webhookSecret: string; apiUrl: string } }
) & {
  /** Where Stripe calls go, for the partners' own accounts too. */
  stripeApiUrl?: string;
  /** PAYMENT_KEYS_SECRET: seals the partners' own keys. */
  keysSecret?: string | undefined;
};

function paymentSettings(
  env: {
    PAYMENT_KEYS_SECRET?: string | undefined;
    PAYMENT_PROVIDER?: "stripe" | "sandbox" | "none" | undefined;
    PAYMENT_SANDBOX?: boolean | undefined;
    STRIPE_SECRET_KEY?: string | undefined;
    STRIPE_WEBHOOK_SECRET?: string | undefined;
    STRIPE_API_URL: string;
  },
  demoMode: boolean,
): PaymentSettings {
  const provider = env.PAYMENT_PROVIDER ?? ((env.PAYMENT_SANDBOX ?? demoMode) ? "sandbox" : "none");
  const apiUrl = env.STRIPE_API_URL.replace(/\/$/, "");
  const shared = {
    stripeApiUrl: apiUrl,
    ...(env.PAYMENT_KEYS_SECRET ? { keysSecret: env.PAYMENT_KEYS_SECRET } : {}),
  };
  if (provider !== "stripe") return { provider, ...shared };
  return {
    provider,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY ?? "",
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? "",
      apiUrl,
    },
    ...shared,
  };
}

/** The media store the settings name: the local folder unless MEDIA_STORE=s3 (whose settings are checked). */
function mediaSettings(env: {
  MEDIA_STORE: "local" | "s3";
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
}): MediaStoreSettings {
  if (env.MEDIA_STORE === "local") return { store: "local" };
  return {
    store: "s3",
    bucket: env.S3_BUCKET ?? "",
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
  };
}

/** Every setting of the API process; nothing else reads process.env. */
const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().default(path.join(repoRoot, "data")),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "expected postgres://…")
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "expected redis://…")
      .optional(),
    /**
     * Put before every Redis channel name, so deployments (or test servers) sharing one Redis do not
     * hear each other's orders: order 1 of one database is not order 1 of another.
     */
    REDIS_CHANNEL_PREFIX: z
      .string()
      .regex(/^[\w.:-]{0,64}$/, "letters, digits and . : _ - only")
      .default(""),
    MEDIA_DIR: z.string().optional(),
    /**
     * Where pictures are kept: `local`, this machine's MEDIA_DIR (the default), or `s3`, an
     * S3-compatible bucket every process of the deployment shares (the S3_ settings below).
     */
    MEDIA_STORE: z.enum(["local", "s3"]).default("local"),
    /** The bucket pictures are kept in, required with MEDIA_STORE=s3. */
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "a bucket's name: 3-63 lowercase letters, digits, . and -")
      .optional(),
    /** An S3-compatible service's address (MinIO, Cloudflare R2…), addressed path-style; unset: AWS S3. */
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    /** The bucket's region (`auto` for R2). */
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{2,32}$/, "a region such as eu-central-1")
      .default("us-east-1"),
    /** The access key the processes sign their S3 requests with, required with MEDIA_STORE=s3. */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /**
     * Where browsers load pictures from: a CDN or the bucket's public address (https://media.shop.example),
     * under which each picture's key is found. Unset: this API's /api/media/, which serves them from the store.
     */
    MEDIA_PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .refine((value) => {
        const url = new URL(value);
        return !url.search && !url.hash && !url.username && !url.password;
      }, "expected an address such as https://media.shop.example, without a query")
      .optional(),
    /** Where e-mail goes (invoices); unset: the demo outbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "expected smtp://… or smtps://…")
      .optional(),
    /** The deployment operator's key for /api/admin (suspending a partner); unset: no such calls. */
    SUPER_ADMIN_KEY: z.string().min(32, "at least 32 characters").optional(),
    /** Signs the invoice links for the native app; processes behind one address must share it. */
    INVOICE_LINK_SECRET: z.string().min(32, "at least 32 characters").optional(),
    /** The keys Firebase ID tokens are checked against; Google's unless set (a test serves its own). */
    FIREBASE_JWKS_URL: z.url({ protocol: /^https?$/ }).default(GOOGLE_FIREBASE_JWKS_URL),
    /**
     * Firebase's Auth Emulator (host:port, Firebase's own setting): phone sign-ins are checked with it
     * and the storefront's Firebase SDK talks to it. For tests and local trials; refused in production.
     */
    FIREBASE_AUTH_EMULATOR_HOST: z
      .string()
      .regex(/^[\w.-]+:\d{1,5}$/, "host:port, such as 127.0.0.1:9099")
      .optional(),
    WEB_BUILD_DIR: z.string().default(path.join(repoRoot, "apps/web/build")),
    CONSOLE_BUILD_DIR: z.string().default(path.join(repoRoot, "apps/console/build")),
    /** The courier app's build (its index.html and assets), served under /courier/. */
    COURIER_BUILD_DIR: z.string().default(path.join(repoRoot, "apps/courier/build")),
    /**
     * The storefront's address as its visitors reach it (https://shop.example): links that leave the
     * API are built on it, never on the request's Host, and the tracking socket takes browsers from it.
     */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .refine((value) => {
        const url = new URL(value);
        return url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
      }, "expected an origin such as https://shop.example, without a path")
      .optional(),
    NODE_ENV: z.string().default("development"),
    /** Demo mode: the delivery simulator. Each demo door below defaults to it. */
    DEMO_MODE: flag.optional(),
    SEED_DEMO_DATA: flag.optional(),
    /** SMS, push and e-mail kept in the outbox (readable through the dev routes) instead of sent. */
    OUTBOX: flag.optional(),
    /** The demo's tools under /api/dev: the outbox and a brand colour switch, without authentication. */
    DEV_ROUTES: flag.optional(),
    /** The built-in sandbox card gateway; without it no card payment is offered. */
    PAYMENT_SANDBOX: flag.optional(),
    /**
     * The card processor: `stripe`, `sandbox` (the demo's) or `none` (cash only). Unset: the sandbox
     * where PAYMENT_SANDBOX (demo mode by default) says, else none.
     */
    PAYMENT_PROVIDER: z.enum(["stripe", "sandbox", "none"]).optional(),
    /** The Stripe account's secret key (or a restricted key), required with PAYMENT_PROVIDER=stripe. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "expected a Stripe secret key, sk_live_… or sk_test_…")
      .optional(),
    /** The signing secret of the Stripe webhook endpoint, required with PAYMENT_PROVIDER=stripe. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[\w-]+$/, "expected a webhook signing secret, whsec_…")
      .optional(),
    /**
     * Seals the partners' own card processor keys in the database (at least 32 characters, the same on
     * every process); without it no partner can be given keys of its own.
     */
    PAYMENT_KEYS_SECRET: z.string().min(32, "at least 32 characters").optional(),
    /** Where every Stripe API call goes: Stripe's own address unless a proxy (or a test's stand-in) stands there. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.stripe.com"),
    /** The partner served on every host while no partner has a host recorded (a single-partner deployment). */
    PARTNER_CODE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "a partner's code")
      .default("demo"),
    /** Where SMS and push messages go when there is no outbox: an HTTPS relay of the operator's. */
    MESSAGE_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Sent as `Authorization: Bearer …` to the message webhook. */
    MESSAGE_WEBHOOK_TOKEN: z.string().min(1).optional(),
    /** Native pushes through FCM: the Firebase service account's JSON key, or the path of its file. */
    FCM_SERVICE_ACCOUNT: z
      .string()
      .min(1)
      .transform((value, ctx) => {
        try {
          return fcmServiceAccountOf(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      })
      .optional(),
    /** Where FCM's HTTP v1 API is (a stand-in in tests). */
    FCM_API_URL: z.url({ protocol: /^https?$/ }).default(FCM_API),
    /** How SMS leave: the operator's relay (MESSAGE_WEBHOOK_URL) or Twilio. */
    SMS_PROVIDER: z.enum(["relay", "twilio"]).default("relay"),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, "an Account SID, AC and 32 hexadecimal digits")
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
    /** The SMS sender: a phone number (+E.164) or an alphanumeric sender ID. */
    TWILIO_FROM: z.string().min(1).max(32).optional(),
    /** A Messaging Service instead of one sender (MG and 32 hexadecimal digits). */
    TWILIO_MESSAGING_SERVICE_SID: z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/, "a Messaging Service SID, MG and 32 hexadecimal digits")
      .optional(),
    /** The installation's VAPID keys (base64url, as web-push generates them): web push is on when set. */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{86,88}$/, "a P-256 public key, base64url")
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{42,44}$/, "a P-256 private key, base64url")
      .optional(),
    /** Who push services may contact: mailto:ops@example.com or an https: address. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "a mailto: or https: address")
      .optional(),
    /** Origins a web push subscription may name besides the known push services (tests). */
    WEB_PUSH_ENDPOINT_ORIGINS: z.string().optional(),
    /** Where Twilio's API is (a stand-in in tests). */
    TWILIO_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.twilio.com"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Divides every step of the demo's delivery simulator: 60 makes a half-hour delivery last 30 s. */
    SIMULATION_SPEED: z.coerce.number().positive().max(10_000).default(1),
    /** Whether demo mode runs the delivery simulator (on by default there). */
    SIMULATOR: flag.optional(),
    /**
     * Which proxies in front of the API to believe about the visitor's address (X-Forwarded-For):
     * "false" (none, the default), "true" (any), or addresses and CIDR ranges separated by commas.
     * Behind a load balancer it must be set, or every visitor shares the balancer's address and
     * its sign-in code limit.
     */
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, "expected true, false or addresses")
      .default("false")
      .transform((value): boolean | string[] =>
        value === "true" || value === "false"
          ? value === "true"
          : value.split(",").map((address) => address.trim()),
      ),
    /** Sign-in codes one network address may ask for in an hour (raise it behind a shared NAT). */
    SIGN_IN_CODES_PER_ADDRESS_PER_HOUR: z.coerce
      .number()
      .int()
      .min(1)
      .default(PHONE_CODES_PER_ADDRESS_PER_HOUR),
    /** Digits of a sign-in code: 4 in demo mode, 6 otherwise, unless set. */
    SIGN_IN_CODE_LENGTH: z.coerce.number().int().min(4).max(8).optional(),
    /**
     * What Prometheus sends as `Authorization: Bearer …` to read /metrics. Unset, /metrics is open in
     * demo mode and absent (404) otherwise: the figures are the operator's, not the public's.
     */
    METRICS_TOKEN: z.string().min(16, "at least 16 characters").optional(),
    /** The native app's published updates (`{partnerCode}/customer/metadata.json` and bundles). */
    UPDATES_DIR: z.string().optional(),
    /**
     * Origins the partner console is served from besides this server's own /console/, separated by
     * spaces: they call /api/console with the member's cookie (CORS with credentials). The cookie is
     * SameSite=Strict, so such an origin is a sibling of the API's (console.shop.example beside
     * api.shop.example), not another site.
     */
    CONSOLE_ORIGINS: z
      .string()
      .regex(
        /^\s*(https?:\/\/[^\s/]+)(\s+https?:\/\/[^\s/]+)*\s*$/i,
        "expected origins such as https://console.shop.example, separated by spaces",
      )
      .optional(),
    /**
     * Origins besides the native app's (capacitor://localhost, https://localhost) whose pages may call
     * the API with a bearer token (CORS) and open tracking sockets, separated by spaces.
     */
    APP_ORIGINS: z
      .string()
      .regex(
        /^\s*([a-z][a-z0-9+.-]*:\/\/[^\s/]+)(\s+[a-z][a-z0-9+.-]*:\/\/[^\s/]+)*\s*$/i,
        "expected origins such as https://app.example, separated by spaces",
      )
      .optional(),
  })
  .superRefine((env, context) => {
    const vapid = ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const;
    if (vapid.some((name) => env[name]))
      for (const name of vapid)
        if (!env[name])
          context.addIssue({
            code: "custom",
            path: [name],
            message: "required with the other VAPID settings",
          });
    if (env.SMS_PROVIDER === "twilio") {
      for (const name of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"] as const)
        if (!env[name])
          context.addIssue({ code: "custom", path: [name], message: "required with SMS_PROVIDER=twilio" });
      if (!env.TWILIO_FROM === !env.TWILIO_MESSAGING_SERVICE_SID)
        context.addIssue({
          code: "custom",
          path: ["TWILIO_FROM"],
          message: "one of TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID with SMS_PROVIDER=twilio",
        });
    }
    if (env.FIREBASE_AUTH_EMULATOR_HOST && env.NODE_ENV === "production")
      context.addIssue({
        code: "custom",
        path: ["FIREBASE_AUTH_EMULATOR_HOST"],
        message: "an emulator accepts any phone without a code: never in production",
      });
    // Refused in demo mode too: a photo uploaded to a bucket that cannot be reached would be lost.
    if (env.MEDIA_STORE === "s3")
      for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const)
        if (!env[name])
          context.addIssue({ code: "custom", path: [name], message: "required with MEDIA_STORE=s3" });
    // Refused in demo mode too: a Stripe deployment without its secrets would take no card at all.
    if (env.PAYMENT_PROVIDER !== "stripe") return;
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const)
      if (!env[name])
        context.addIssue({ code: "custom", path: [name], message: "required with PAYMENT_PROVIDER=stripe" });
  })
  .transform((env) => {
    // Demo mode is the default everywhere but production; every demo door follows it unless set.
    const demoMode = env.DEMO_MODE ?? env.NODE_ENV !== "production";
    // Push services allowed besides the known ones (tests' stand-ins), for the demo's keys too.
    const webPushEndpointOrigins = (env.WEB_PUSH_ENDPOINT_ORIGINS ?? "").split(/\s+/).filter(Boolean);
    return {
      production: env.NODE_ENV === "production",
      port: env.PORT,
      host: env.HOST,
      dataDir: path.resolve(env.DATA_DIR),
      databaseUrl: env.DATABASE_URL,
      redisUrl: env.REDIS_URL,
      redisChannelPrefix: env.REDIS_CHANNEL_PREFIX,
      smtpUrl: env.SMTP_URL,
      invoiceLinkSecret: env.INVOICE_LINK_SECRET,
      superAdminKey: env.SUPER_ADMIN_KEY,
      firebaseJwksUrl: env.FIREBASE_JWKS_URL,
      firebaseAuthEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
      mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(env.DATA_DIR, "media")),
      media: mediaSettings(env),
      mediaPublicUrl: env.MEDIA_PUBLIC_URL?.replace(/\/+$/, ""),
      webBuildDir: path.resolve(env.WEB_BUILD_DIR),
      consoleBuildDir: path.resolve(env.CONSOLE_BUILD_DIR),
      courierBuildDir: path.resolve(env.COURIER_BUILD_DIR),
      updatesDir: path.resolve(env.UPDATES_DIR ?? path.join(env.DATA_DIR, "updates")),
      appOrigins: appOriginsOf(env.APP_ORIGINS),
      consoleOrigins: (env.CONSOLE_ORIGINS ?? "").split(/\s+/).filter(Boolean),
      publicUrl: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : defaultPublicUrl(env.PORT),
      demoMode,
      seedDemoData: env.SEED_DEMO_DATA ?? demoMode,
      outbox: env.OUTBOX ?? demoMode,
      devRoutes: env.DEV_ROUTES ?? demoMode,
      payments: paymentSettings(env, demoMode),
      partnerCode: env.PARTNER_CODE,
      messageWebhook: env.MESSAGE_WEBHOOK_URL
        ? { url: env.MESSAGE_WEBHOOK_URL, token: env.MESSAGE_WEBHOOK_TOKEN }
        : undefined,
      fcm: env.FCM_SERVICE_ACCOUNT
        ? { account: env.FCM_SERVICE_ACCOUNT, apiUrl: env.FCM_API_URL }
        : undefined,
      fcmApiUrl: env.FCM_API_URL,
      webPushEndpointOrigins,
      webPush:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
          ? {
              publicKey: env.VAPID_PUBLIC_KEY,
              privateKey: env.VAPID_PRIVATE_KEY,
              subject: env.VAPID_SUBJECT,
              endpointOrigins: webPushEndpointOrigins,
            }
          : undefined,
      twilio:
        env.SMS_PROVIDER === "twilio"
          ? {
              accountSid: env.TWILIO_ACCOUNT_SID ?? "",
              authToken: env.TWILIO_AUTH_TOKEN ?? "",
              from: env.TWILIO_FROM,
              messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
              apiUrl: env.TWILIO_API_URL,
            }
          : undefined,
      logLevel: env.LOG_LEVEL,
      signInCodesPerAddressPerHour: env.SIGN_IN_CODES_PER_ADDRESS_PER_HOUR,
      signInCodeLength:
        env.SIGN_IN_CODE_LENGTH ?? (demoMode ? PHONE_CODE_LENGTH_DEMO : PHONE_CODE_LENGTH_PRODUCTION),
      trustProxy: env.TRUST_PROXY,
      simulationSpeed: env.SIMULATION_SPEED,
      simulator: env.SIMULATOR ?? demoMode,
      metricsToken: env.METRICS_TOKEN,
      // Never in production, whatever DEMO_MODE says: order figures are not for the public.
      metricsWithoutToken: demoMode && env.NODE_ENV !== "production",
    };
  });

export type Config = z.output<typeof configSchema>;

/** A Firebase service account's key, given as its JSON or as the path of its file. */
function fcmServiceAccountOf(value: string): FcmServiceAccount {
  return parseServiceAccount(value.trim().startsWith("{") ? value : fs.readFileSync(value, "utf8"));
}

/** A setting that stops the start: the message names it and says what to do. */
export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const missing = parsed.data.production ? missingProductionSettings(parsed.data, !!env.PUBLIC_URL) : [];
  if (missing.length > 0) {
    throw new ConfigError(
      `NODE_ENV=production refuses to start without its settings:\n${missing.map((m) => `  - ${m}`).join("\n")}`,
    );
  }
  return parsed.data;
}

/**
 * What production needs that demo mode makes up: a secret shared by the processes, and real ways to
 * reach customers unless the operator explicitly keeps the outbox.
 */
function missingProductionSettings(config: Config, publicUrlSet: boolean): string[] {
  const missing: string[] = [];
  if (!publicUrlSet) {
    missing.push("PUBLIC_URL: the storefront's address as customers reach it (https://shop.example)");
  }
  if (!config.invoiceLinkSecret) {
    missing.push("INVOICE_LINK_SECRET: at least 32 random characters, the same on every process");
  }
  // Sign-in codes need a way out: Twilio, else the relay (which also carries pushes without FCM).
  if (!config.outbox && !config.messageWebhook && !config.twilio) {
    missing.push(
      "MESSAGE_WEBHOOK_URL: where sign-in codes and push messages are sent (or SMS_PROVIDER=twilio, or OUTBOX=true)",
    );
  }
  if (!config.outbox && !config.smtpUrl) {
    missing.push("SMTP_URL: where invoices are e-mailed (or OUTBOX=true)");
  }
  return missing;
}
