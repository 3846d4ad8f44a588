import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import { PHONE_CODE_LENGTH_DEMO } from "@storefront/domain";
import { devEndpoints, endpoints } from "@storefront/domain/contract";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import type { DestinationStream } from "pino";
import { inject } from "vitest";
import type { FcmSettings } from "../src/accounts/fcm-sender.ts";
import { buildApp } from "../src/app.ts";
import type { Config, PaymentSettings } from "../src/config.ts";
import { type DatabaseHandle, openDatabase } from "../src/db/client.ts";
import { LocalMediaStore } from "../src/media/local-media-store.ts";
import type { MediaStoreSettings } from "../src/media/media-store.ts";
import { hostWebBuild } from "../src/plugins/web-host.ts";
import { seedDemoData } from "../src/seed/seed.ts";
import { TEST_MEDIA_DIR } from "./media-dir.ts";
import { apiPath, devPath } from "./paths.ts";
import type { Injects } from "./remote-app.ts";

export { TEST_MEDIA_DIR };

export const DEMO = { "x-partner-code": "demo" } as const;

/** The demo partner's ops keys and external sign-in secret, made at random for this test run. */
export const DEMO_SECRETS = inject("demoSecrets");

/**
 * A test file's database starts small: the seeded demo's is 16 MB, and PostgreSQL's default 128 MB
 * of shared buffers, zeroed at every start, took a third of each file's start; a WAL segment it
 * makes is not zero-filled first (a database in memory, lost with the file anyway). Decision 0183.
 */
const SMALL_DATABASE = { shared_buffers: "8MB", max_connections: "10", wal_init_zero: "off" };

/**
 * The seeded dump as PGlite reads it, a copy of its bytes for each database (PGlite's files keep
 * views of the bytes it is given). Node's own Blob takes about 250 ms to give 49 MB back.
 */
class SeededDump extends Blob {
  constructor(private readonly tarball: Uint8Array) {
    super([tarball]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.tarball.slice().buffer as ArrayBuffer);
  }
}

/** The seeded dump, read once per worker (the files of a worker share its modules). */
let dumpRead: Promise<Blob | null> | undefined;
function seededDump(): Promise<Blob | null> {
  const file = inject("seededDump");
  dumpRead ??= file ? fs.readFile(file).then((bytes) => new SeededDump(bytes)) : Promise.resolve(null);
  return dumpRead;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A fresh, seeded database and an app on it: in-memory PGlite, or a new database on the PostgreSQL
 * server of DATABASE_URL (dropped again on close).
 */
export async function startTestApp(
  options: {
    now?: Date;
    clock?: () => Date;
    firebaseJwksUrl?: string;
    /** Logs are off unless a test reads them. */
    logLevel?: "info" | "debug" | "trace";
    logStream?: DestinationStream;
    /** The proxies whose X-Forwarded-For names the visitor (none unless a test says). */
    trustProxy?: boolean | string[];
    /** The storefront's address (PUBLIC_URL); the default's when not given. */
    publicUrl?: string;
    /** METRICS_TOKEN; without it /metrics is absent, as in production, unless `metricsWithoutToken`. */
    metricsToken?: string;
    metricsWithoutToken?: boolean;
    /** A web build to host, as the server does (its pages call the API in process). */
    webBuildDir?: string;
    /** The native app's published updates to serve (UPDATES_DIR). */
    updatesDir?: string;
    /** Origins of the native app's bundle besides Capacitor's (APP_ORIGINS). */
    appOrigins?: string[];
    /** Origins of a console served apart (CONSOLE_ORIGINS). */
    consoleOrigins?: string[];
    /** SUPER_ADMIN_KEY; without it the deployment has no /api/admin. */
    superAdminKey?: string;
    /** REDIS_CHANNEL_PREFIX: the app's own unless a test makes two apps one deployment. */
    redisChannelPrefix?: string;
    /** The card processor (PAYMENT_PROVIDER and its settings); the sandbox unless given. */
    payments?: PaymentSettings;
    /** MESSAGE_WEBHOOK_URL with OUTBOX=false: messages are sent to this relay, not only kept. */
    messageRelay?: string;
    /** FCM_SERVICE_ACCOUNT and FCM_API_URL: native pushes through FCM (with a relay). */
    fcm?: FcmSettings;
    /** SMS_PROVIDER=twilio and its settings, with OUTBOX=false: SMS are sent through Twilio. */
    twilio?: NonNullable<Config["twilio"]>;
    /** VAPID keys and allowed push services: web push is sent (in the demo mode of tests too). */
    webPush?: NonNullable<Config["webPush"]>;
    /** SMTP_URL: e-mail is sent from the outbox to this mail server. */
    smtpUrl?: string;
    /** MEDIA_STORE=s3 and its bucket's settings: pictures are kept there, not in the test's folder. */
    media?: MediaStoreSettings;
    /** MEDIA_PUBLIC_URL: the CDN the answers name pictures on. */
    mediaPublicUrl?: string;
  } = {},
): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL;
  let database: DatabaseHandle;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `storefront_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const template = inject("seededTemplate");
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const dump = await seededDump();
    database = await openDatabase({
      dataDir: null,
      ...(dump ? { loadDataDir: dump } : {}),
      settings: SMALL_DATABASE,
    });
  }
  await seedDemoData(database.db, { media: new LocalMediaStore(TEST_MEDIA_DIR), secrets: DEMO_SECRETS });
  const fixed = options.now;
  const now = options.clock ?? (fixed ? () => fixed : undefined);
  const app = await buildApp({
    config: {
      mediaDir: TEST_MEDIA_DIR,
      logLevel: options.logLevel ?? "silent",
      devRoutes: true,
      signInCodeLength: PHONE_CODE_LENGTH_DEMO,
      redisUrl: process.env.REDIS_URL,
      // Test files share one Redis: each app its own channels, so one's order 1 is not another's.
      redisChannelPrefix: options.redisChannelPrefix ?? `test-${randomUUID()}:`,
      firebaseJwksUrl: options.firebaseJwksUrl,
      trustProxy: options.trustProxy ?? false,
      ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
      ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
      metricsWithoutToken: options.metricsWithoutToken ?? false,
      ...(options.updatesDir ? { updatesDir: options.updatesDir } : {}),
      ...(options.appOrigins ? { appOrigins: options.appOrigins } : {}),
      ...(options.consoleOrigins ? { consoleOrigins: options.consoleOrigins } : {}),
      ...(options.superAdminKey ? { superAdminKey: options.superAdminKey } : {}),
      ...(options.payments ? { payments: options.payments } : {}),
      ...(options.messageRelay
        ? { outbox: false, messageWebhook: { url: options.messageRelay, token: undefined } }
        : {}),
      ...(options.fcm ? { fcm: options.fcm } : {}),
      ...(options.twilio ? { outbox: false, twilio: options.twilio } : {}),
      ...(options.webPush ? { webPush: options.webPush } : {}),
      ...(options.smtpUrl ? { smtpUrl: options.smtpUrl } : {}),
      ...(options.media ? { media: options.media } : {}),
      ...(options.mediaPublicUrl ? { mediaPublicUrl: options.mediaPublicUrl } : {}),
    },
    database,
    checkAnswers: true,
    ...(now ? { now } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  if (options.webBuildDir && !(await hostWebBuild(app, options.webBuildDir)))
    throw new Error(`no web build in ${options.webBuildDir} (npm run build)`);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

/** GET with the demo partner's header; returns the status and the parsed body. */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert on them
export async function get<T = any>(app: Injects, url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: "GET", url, headers: { ...DEMO, ...headers } });
  return { status: response.statusCode, body: response.json() as T, headers: response.headers };
}

let customerSeed = 0;

/** Signs a new customer in through the real code flow; returns their cookie header and phone. */
export async function signInCustomer(
  app: Injects,
  partnerCode = "demo",
): Promise<{ cookie: string; phone: string }> {
  customerSeed += 1;
  // Each test file has a database of its own, so a counter gives every customer a number of their own.
  const phone = `3712${3_000_000 + customerSeed}`;
  const headers = { "x-partner-code": partnerCode };
  const address = `10.200.${customerSeed % 250}.${Math.floor(customerSeed / 250) + 1}`;
  await app.inject({
    method: "POST",
    url: apiPath(endpoints.auth.sendPhoneConfirmation(phone)),
    headers,
    remoteAddress: address,
  });
  const outbox = (
    await app.inject({ method: "GET", url: devPath(devEndpoints.outbox({ to: `+${phone}` })) })
  ).json();
  const code = outbox[0].code;
  const login = await app.inject({
    method: "POST",
    url: apiPath(endpoints.auth.login()),
    headers,
    payload: { phone, token: code },
  });
  return { cookie: String(login.headers["set-cookie"]).split(";")[0] as string, phone };
}
