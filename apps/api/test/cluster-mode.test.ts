import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TEST_MEDIA_DIR } from "./media-dir.ts";
import { channelPrefixOf, freePort, seededDatabaseFor } from "./server-process.ts";

/**
 * `npm run start:cluster`: several processes on one machine and one port, as an operator runs them.
 * Real processes on the PostgreSQL server and Redis of the suite's PostgreSQL run.
 */
const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const repoRoot = path.resolve(import.meta.dirname, "../../..");

function startCluster(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(repoRoot, "scripts/start-cluster.mjs")], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      MEDIA_DIR: TEST_MEDIA_DIR,
      WEB_BUILD_DIR: path.join(repoRoot, "no-web-build"),
      LOG_LEVEL: "warn",
      REDIS_CHANNEL_PREFIX: channelPrefixOf(env),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | string | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ?? code)),
  );
  /** The workers that said they listen, oldest first. */
  const workers = () => [...output.matchAll(/worker (\d+) listening/g)].map((match) => Number(match[1]));
  return { child, output: () => output, exited, workers };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("npm run start:cluster", () => {
  it("refuses to start without a PostgreSQL server and Redis, saying so", async () => {
    const cluster = startCluster({ PORT: String(await freePort()), DATA_DIR: "/tmp/storefront-no-cluster" });
    expect(await cluster.exited).toBe(1);
    expect(cluster.output()).toContain("set DATABASE_URL and REDIS_URL");
  });

  describe.runIf(serverUrl && redisUrl)("on PostgreSQL and Redis", () => {
    let cluster: ReturnType<typeof startCluster>;
    let url = "";
    let drop = async () => {};
    beforeAll(async () => {
      const prepared = await seededDatabaseFor(async () => {});
      drop = prepared.drop;
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      cluster = startCluster({
        ...prepared.env,
        REDIS_URL: redisUrl as string,
        PORT: String(port),
        CLUSTER_PROCESSES: "2",
      });
      await vi.waitFor(() => expect(cluster.workers()).toHaveLength(2), { timeout: 60_000, interval: 200 });
    }, 90_000);
    afterAll(async () => {
      if (cluster.child.exitCode === null && cluster.child.signalCode === null) {
        cluster.child.kill("SIGTERM");
        await cluster.exited;
      }
      await drop();
    });

    it("serves on one port from two processes, replaces one that is killed, and drains all on SIGTERM", async () => {
      const ready = async () =>
        (await fetch(`${url}/api/ready`, { headers: { connection: "close" } })).status;
      for (let i = 0; i < 4; i += 1) expect(await ready()).toBe(200);
      // The connections went to the workers in turn; whichever a scrape reaches answers for both.
      const metrics = await (await fetch(`${url}/metrics`, { headers: { connection: "close" } })).text();
      expect(metrics).toMatch(/^http_requests_total\{method="GET",route="\/api\/ready",status="200"\} 4$/m);

      const [killed, kept] = cluster.workers() as [number, number];
      process.kill(killed, "SIGKILL");
      // A new worker takes the dead one's place; the port kept answering meanwhile (the other worker).
      await vi.waitFor(() => expect(cluster.workers()).toHaveLength(3), { timeout: 60_000, interval: 200 });
      expect(cluster.output()).toContain(`worker ${killed} died (SIGKILL); starting another`);
      expect(await ready()).toBe(200);

      cluster.child.kill("SIGTERM");
      expect(await cluster.exited).toBe(0);
      const workers = cluster.workers();
      expect(workers.filter(alive)).toEqual([]);
      expect(workers).toContain(kept);
    }, 120_000);
  });
});
