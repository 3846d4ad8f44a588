import { deleteDueAccounts } from "./accounts/users.ts";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { DEMO_OPS_KEYS } from "./orders/demo-ops-keys.ts";
import { hostWebBuild } from "./plugins/web-host.ts";
import { seedDemoData } from "./seed/seed.ts";
import { startDeliverySimulator } from "./simulator/delivery-simulator.ts";

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  onIdleError: (error) => console.warn(`database connection lost while idle: ${error.message}`),
});
const app = await buildApp({ config, database });
if (config.seedDemoData) {
  const seeded = await seedDemoData(database.db, { mediaDir: config.mediaDir, log: app.log });
  app.log.info(seeded ? "demo data seeded" : "demo data already present");
}
if (!(await hostWebBuild(app, config.webBuildDir))) {
  app.log.warn(`no web build in ${config.webBuildDir}: serving the API only (run npm run build)`);
}

// Demo mode's vendors and couriers move the orders through the ops API.
const simulator =
  config.demoMode && config.simulator
    ? startDeliverySimulator({
        app,
        apiKey: DEMO_OPS_KEYS.dispatch,
        speed: config.simulationSpeed,
        now: () => new Date(),
        intervalMs: 1000,
      })
    : null;

// The scheduled job: accounts whose deletion is due are deleted at start, then hourly, so a process
// that restarts more often than hourly still deletes them.
const runScheduledDeletions = () =>
  void deleteDueAccounts(database.db, new Date())
    .then((count) => count > 0 && app.log.info(`${count} account(s) deleted as scheduled`))
    .catch((error) => app.log.error({ err: error }, "scheduled account deletion failed"));
runScheduledDeletions();
const deletions = setInterval(runScheduledDeletions, 60 * 60 * 1000);
deletions.unref();

async function stop(signal: string) {
  app.log.info(`${signal}: stopping`);
  simulator?.stop();
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
