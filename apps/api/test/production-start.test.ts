import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { devEndpoints, endpoints, opsEndpoints } from "@storefront/domain/contract";
import { afterAll, describe, expect, it, vi } from "vitest";
import { applyDemoSecrets } from "../src/seed/demo-secrets.ts";
import { apiPath, devPath, opsPath } from "./paths.ts";
import {
  runRefusedStart,
  type ServerProcess,
  seededDatabaseFor,
  startServerProcess,
  stopAllServerProcesses,
  tempDataDir,
} from "./server-process.ts";
import { startStripeStandIn } from "./stripe-stand-in.ts";

// These start the real server as its own process, on its own embedded database in a fresh folder.
const SECRET = "an-invoice-link-secret-of-the-operator-0123456789";
const PRODUCTION = {
  NODE_ENV: "production",
  PUBLIC_URL: "https://shop.example",
  INVOICE_LINK_SECRET: SECRET,
  MESSAGE_WEBHOOK_URL: "http://127.0.0.1:9/messages",
  SMTP_URL: "smtp://127.0.0.1:9",
};
/** The values earlier versions published in their code. */
const PUBLISHED = {
  externalSignInSecret: "dostavka-demo-external-sign-in-secret",
  opsKeys: { dispatch: "demo-dispatch-key", courier: "demo-courier-key" },
  staffPassword: "a-staff-password-of-that-version",
};

const started: ServerProcess[] = [];
const databases: Array<{ drop(): Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  await stopAllServerProcesses();
  await Promise.all(databases.map((database) => database.drop()));
});

/** The suite's seeded demo database as a version that published its secrets left it. */
async function databaseWithPublishedSecrets(): Promise<Record<string, string>> {
  const prepared = await seededDatabaseFor((database) => applyDemoSecrets(database.db, PUBLISHED));
  databases.push(prepared);
  return prepared.env;
}

// Each of these starts one or two processes, on a machine whose other test files run meanwhile.
const PROCESS_TIMEOUT = 120_000;

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  started.push(server);
  return server;
}

const request = (server: ServerProcess, url: string, init: RequestInit = {}) =>
  fetch(`${server.url}${url}`, init);

describe("a production start", () => {
  it(
    "refuses to start without its settings and names each one",
    async () => {
      const refused = await runRefusedStart({ NODE_ENV: "production", DATA_DIR: tempDataDir() });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain("NODE_ENV=production refuses to start");
      for (const setting of ["PUBLIC_URL", "INVOICE_LINK_SECRET", "MESSAGE_WEBHOOK_URL", "SMTP_URL"]) {
        expect(refused.output).toContain(setting);
      }
      // The operator reads why, not a stack trace.
      expect(refused.output).not.toMatch(/\n\s+at /);
    },
    PROCESS_TIMEOUT,
  );

  it(
    "with only its settings serves a store with no demo doors",
    async () => {
      const dataDir = tempDataDir();
      const server = await start({ ...PRODUCTION, DATA_DIR: dataDir });
      expect((await request(server, "/api/health")).status).toBe(200);
      // No demo partner, no outbox, no brand switch, no published ops key, no sandbox card page.
      const catalogue = await request(server, apiPath(endpoints.localities.list()), {
        headers: { "x-partner-code": "demo" },
      });
      expect(catalogue.status).toBe(400);
      expect(((await catalogue.json()) as { type: string }).type).toBe("PartnerNotFoundException");
      expect((await request(server, devPath(devEndpoints.outbox()))).status).toBe(404);
      const theme = await request(server, devPath(devEndpoints.theme("demo")), {
        method: devEndpoints.theme("demo").method,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ brandColour: "#000000" }),
      });
      expect(theme.status).toBe(404);
      const ops = await request(server, opsPath(opsEndpoints.orders()), {
        headers: { "x-api-key": "demo-dispatch-key" },
      });
      expect(ops.status).toBe(401);
      expect((await request(server, "/api/payments/sandbox/pay/x")).status).toBe(404);
      expect(fs.existsSync(path.join(dataDir, "demo-secrets.json"))).toBe(false);
    },
    PROCESS_TIMEOUT,
  );

  it(
    "with Stripe's settings takes cards where Stripe takes the currency, and cash only elsewhere",
    async () => {
      const stripe = await startStripeStandIn();
      const prepared = await seededDatabaseFor(async () => {});
      databases.push(prepared);
      try {
        const server = await start({
          ...PRODUCTION,
          ...prepared.env,
          PAYMENT_PROVIDER: "stripe",
          STRIPE_SECRET_KEY: stripe.secretKey,
          STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
          STRIPE_API_URL: stripe.url,
        });
        const typesIn = async (city: string) => {
          const answer = await request(server, apiPath(endpoints.supportedPaymentMethods(city)), {
            headers: { "x-partner-code": "demo" },
          });
          return ((await answer.json()) as { methods: Array<{ type: string }> }).methods.map((m) => m.type);
        };
        expect(await typesIn("riga")).toContain("ONLINE");
        // The Iraqi dinar is not Stripe's: Baghdad stays cash only.
        expect(await typesIn("baghdad")).toEqual(["CASH"]);
      } finally {
        await stripe.close();
      }
    },
    PROCESS_TIMEOUT,
  );

  it(
    "refuses a database that holds the secrets an earlier version published",
    async () => {
      const refused = await runRefusedStart({ ...PRODUCTION, ...(await databaseWithPublishedSecrets()) });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain("partner demo: its external sign-in secret is a published demo value");
      expect(refused.output).toContain(
        'partner demo: ops API key "Demo dispatch (simulator)" is a published demo key',
      );
    },
    PROCESS_TIMEOUT,
  );
});

describe("a demo start", () => {
  it(
    "makes the demo's secrets for this installation, shows them once and answers only to them",
    async () => {
      // The database was seeded by a version that published its secrets: this start replaces them.
      const database = await databaseWithPublishedSecrets();
      const dataDir = database.DATA_DIR as string;
      const first = await start({ ...database, SIMULATOR: "false" });
      const file = path.join(dataDir, "demo-secrets.json");
      const secrets = JSON.parse(fs.readFileSync(file, "utf8"));
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(first.output()).toContain(secrets.opsKeys.dispatch);
      const orders = (key: string) =>
        request(first, opsPath(opsEndpoints.orders()), { headers: { "x-api-key": key } }).then(
          (r) => r.status,
        );
      expect(await orders(secrets.opsKeys.dispatch)).toBe(200);
      expect(await orders(PUBLISHED.opsKeys.dispatch)).toBe(401);
      expect(await orders(PUBLISHED.opsKeys.courier)).toBe(401);
      await first.stop();

      const second = await start({ ...database, SIMULATOR: "false" });
      expect(
        await request(second, opsPath(opsEndpoints.orders()), {
          headers: { "x-api-key": secrets.opsKeys.dispatch },
        }).then((r) => r.status),
      ).toBe(200);
      expect(second.output()).not.toContain(secrets.opsKeys.dispatch);
    },
    PROCESS_TIMEOUT,
  );
});

describe("messages without the outbox", () => {
  it(
    "post sign-in codes to the operator's relay, and a relay that fails is a clear 503",
    async () => {
      const received: Array<{ authorization?: string; body: Record<string, string> }> = [];
      let relayStatus = 202;
      const relay = http.createServer((req, res) => {
        let body = "";
        req.on("data", (chunk) => {
          body += chunk;
        });
        req.on("end", () => {
          received.push({ authorization: req.headers.authorization, body: JSON.parse(body) });
          res.writeHead(relayStatus).end();
        });
      });
      await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
      const relayUrl = `http://127.0.0.1:${(relay.address() as { port: number }).port}/sms`;
      try {
        const server = await start({
          ...(await seededDatabaseFor(async () => {}).then((prepared) => {
            databases.push(prepared);
            return prepared.env;
          })),
          SIMULATOR: "false",
          OUTBOX: "false",
          DEV_ROUTES: "false",
          MESSAGE_WEBHOOK_URL: relayUrl,
          MESSAGE_WEBHOOK_TOKEN: "relay-token",
          SMTP_URL: "smtp://127.0.0.1:9",
        });
        const ask = (phone: string) =>
          request(server, apiPath(endpoints.auth.sendPhoneConfirmation(phone)), {
            method: endpoints.auth.sendPhoneConfirmation(phone).method,
            headers: { "x-partner-code": "demo" },
          });
        expect((await ask("37126000001")).status).toBe(200);
        expect(received).toHaveLength(1);
        expect(received[0]?.authorization).toBe("Bearer relay-token");
        expect(received[0]?.body).toMatchObject({ channel: "SMS", to: "+37126000001" });
        // No Accept-Language: the SMS speaks the language of the Latvian number's city.
        expect(received[0]?.body.text).toMatch(/^\d{4,6} ir jūsu Dostavka kods/);
        expect((await request(server, devPath(devEndpoints.outbox()))).status).toBe(404);

        relayStatus = 500;
        const failed = await ask("37126000002");
        expect(failed.status).toBe(503);
        expect(await failed.json()).toMatchObject({ type: "MessageNotSentException" });
        // The reason reaches the operator's log, written just after the answer.
        await vi.waitFor(() => expect(server.output()).toContain("the message relay answered 500"));
      } finally {
        await new Promise((resolve) => relay.close(resolve));
      }
    },
    PROCESS_TIMEOUT,
  );
});
