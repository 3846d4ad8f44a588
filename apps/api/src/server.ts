import { expireQuietPoints } from "./accounts/loyalty-points.ts";
import { deleteDueAccounts } from "./accounts/users.ts";
import { buildApp } from "./app.ts";
import { catalogueChanges } from "./catalogue/catalogue-tags.ts";
import { fillMissingSearchTexts } from "./catalogue/search-documents.ts";
import { characterTypeBlindToScripts } from "./catalogue/search-repository.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { forgetQuietAddresses, forgetQuietUnknownEmails } from "./console/sign-in-attempts-repository.ts";
import { openDatabase } from "./db/client.ts";
import { startLeadership } from "./lifecycle/leadership.ts";
import { mediaOriginOf } from "./media/media-store.ts";
import { hostConsoleBuild } from "./plugins/console-host.ts";
import { hostCourierBuild } from "./plugins/courier-host.ts";
import { hostWebBuild } from "./plugins/web-host.ts";
import { applyDemoSecrets, findPublishedDemoSecrets, loadOrCreateDemoSecrets } from "./seed/demo-secrets.ts";
import { seedDemoData } from "./seed/seed.ts";
import { type DeliverySimulator, startDeliverySimulator } from "./simulator/delivery-simulator.ts";

/** A start that must not go on: the operator reads why, without a stack trace. */
function refuseToStart(message: string): never {
  console.error(`The storefront did not start.\n${message}`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) refuseToStart(error.message);
  throw error;
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  onConnectionLost: (error, state) =>
    console.warn(`database connection lost while ${state}: ${error.message}`),
});
// The demo partner's secrets are this installation's own, made at first start and kept in its database.
const demo =
  config.seedDemoData || config.simulator ? await loadOrCreateDemoSecrets(database.db, config.dataDir) : null;
// The demo sends real web push with the installation's own VAPID keys, unless the operator set some.
const webPush =
  config.webPush ??
  (config.demoMode && demo
    ? {
        ...demo.secrets.vapid,
        subject: "mailto:demo@storefront.invalid",
        endpointOrigins: config.webPushEndpointOrigins,
      }
    : undefined);
const app = await buildApp({ config: { ...config, webPush }, database });
const { services } = app;
const blindCharacterType = await characterTypeBlindToScripts(database.db);
if (blindCharacterType !== null) {
  app.log.error(
    `the database's character type (LC_CTYPE) is ${blindCharacterType}: PostgreSQL's trigrams read no Cyrillic or Arabic letter under it, ` +
      "so the search forgives no wrong letter in those languages; create the database with a UTF-8 locale " +
      "(LC_CTYPE 'C.UTF-8' or 'en_US.UTF-8') and move the data to it (docs/deploy.md)",
  );
}
if (demo?.created) {
  app.log.warn(
    `demo secrets made for this installation, kept in its database (a copy in ${config.dataDir}/demo-secrets.json): ` +
      `dispatch ops key ${demo.secrets.opsKeys.dispatch}, courier ops key ${demo.secrets.opsKeys.courier}, ` +
      `external sign-in secret ${demo.secrets.externalSignInSecret}`,
  );
}
if (config.seedDemoData && demo) {
  // Processes starting together on an empty database: the first seeds, the others find it seeded.
  const seeded = await database.exclusively(() =>
    seedDemoData(database.db, {
      media: services.media,
      secrets: demo.secrets,
      log: app.log,
    }),
  );
  // Other processes sharing the database may have read what changed: they drop what they kept.
  const changed = seeded
    ? catalogueChanges.everything()
    : (await applyDemoSecrets(database.db, demo.secrets)).flatMap(catalogueChanges.partner);
  await app.services.catalogueInvalidations.announce(changed);
  app.log.info(seeded ? "demo data seeded" : "demo data already present");
}
// Search texts a migration emptied to be made in a new form, or that a write outside the console
// left out, are made before the first request.
const searched = await fillMissingSearchTexts(database.db);
if (searched > 0) {
  await app.services.catalogueInvalidations.announce(catalogueChanges.everything());
  app.log.info(`search texts made for ${searched} vendors and their products`);
}
if (config.production) {
  const published = await findPublishedDemoSecrets(database.db);
  if (published.length > 0) {
    await database.close();
    refuseToStart(
      `NODE_ENV=production refuses a database holding secrets published in the code:\n${published.map((p) => `  - ${p}`).join("\n")}\n` +
        "Revoke those ops keys (npm run ops-keys -- revoke) and set the partners' own external sign-in secrets.",
    );
  }
}
// Before the storefront, whose pages answer every other path.
if (!(await hostConsoleBuild(app, config.consoleBuildDir, mediaOriginOf(config.mediaPublicUrl)))) {
  app.log.warn(`no console build in ${config.consoleBuildDir}: no console at /console (run npm run build)`);
}
if (!(await hostCourierBuild(app, config.courierBuildDir))) {
  app.log.warn(
    `no courier app build in ${config.courierBuildDir}: no courier app at /courier (run npm run build)`,
  );
}
if (!(await hostWebBuild(app, config.webBuildDir))) {
  app.log.warn(`no web build in ${config.webBuildDir}: serving the API only (run npm run build)`);
}

// What runs once per deployment runs on its leader: the demo's vendors and couriers (the simulator
// moves the orders through the ops API), the outbox's retries of messages, automatic dispatch's
// rounds, and the scheduled deletions (accounts due, and the console
// sign-in failures of addresses quiet for an hour), at the start of a leadership and then hourly,
// so a leader that changes more often than hourly still deletes them.
let simulator: DeliverySimulator | null = null;
let deletions: NodeJS.Timeout | undefined;
// The outbox's worker: messages whose provider was down are tried again when due.
let messages: NodeJS.Timeout | undefined;
const MESSAGE_WORKER_MS = 5_000;
// Automatic dispatch's rounds: offers run out, and orders are offered when their courier is due.
let dispatchRounds: NodeJS.Timeout | undefined;
const DISPATCH_ROUND_MS = 5_000;
const runDispatchRound = () => {
  void services.dispatch
    .tick(services.now())
    .catch((error) => app.log.error({ err: error }, "a dispatch round failed"));
};
const deliverDueMessages = () => {
  void services.outbox
    .deliverDue()
    .catch((error) => app.log.error({ err: error }, "the outbox's worker could not send the messages due"));
};
const runScheduledDeletions = () => {
  void deleteDueAccounts(database.db, new Date())
    .then((count) => count > 0 && app.log.info(`${count} account(s) deleted as scheduled`))
    .catch((error) => app.log.error({ err: error }, "scheduled account deletion failed"));
  void forgetQuietAddresses(database.db, new Date()).catch((error) =>
    app.log.error({ err: error }, "forgetting quiet sign-in addresses failed"),
  );
  void forgetQuietUnknownEmails(database.db, new Date()).catch((error) =>
    app.log.error({ err: error }, "forgetting quiet unknown sign-in e-mails failed"),
  );
  void expireQuietPoints(database.db, new Date())
    .then((count) => count > 0 && app.log.info(`${count} points balance(s) expired`))
    .catch((error) => app.log.error({ err: error }, "expiring quiet points failed"));
};
const leadership = startLeadership({
  databaseUrl: database.url,
  log: app.log,
  duties: {
    lead() {
      if (config.demoMode && config.simulator && demo) {
        simulator = startDeliverySimulator({
          app,
          apiKey: demo.secrets.opsKeys.dispatch,
          speed: config.simulationSpeed,
          now: () => new Date(),
          intervalMs: 1000,
        });
      }
      runScheduledDeletions();
      deletions = setInterval(runScheduledDeletions, 60 * 60 * 1000);
      deletions.unref();
      messages = setInterval(deliverDueMessages, MESSAGE_WORKER_MS);
      messages.unref();
      dispatchRounds = setInterval(runDispatchRound, DISPATCH_ROUND_MS);
      dispatchRounds.unref();
    },
    follow() {
      simulator?.stop();
      simulator = null;
      clearInterval(deletions);
      clearInterval(messages);
      clearInterval(dispatchRounds);
    },
  },
});

/** How long a stop may take before the process exits anyway: within a load balancer's usual grace. */
const STOP_DEADLINE_MS = 9_000;

async function stop(signal: string) {
  app.log.info(`${signal}: stopping (no new connections; requests in flight finish)`);
  services.lifecycle.draining = true;
  setTimeout(() => {
    app.log.error("stopping took too long: exiting with requests unfinished");
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  await leadership.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
// A promise a page render or a background step forgot to await is logged, not fatal: one broken
// render must not take every visitor's storefront down.
process.on("unhandledRejection", (reason) => app.log.error({ err: reason }, "unhandled rejection"));
process.once("SIGINT", () => void stop("SIGINT"));
process.once("SIGTERM", () => void stop("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
