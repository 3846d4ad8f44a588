import type { Redis } from "ioredis";
import { type Database, migrationsPending } from "../db/client.ts";

/** How long one dependency may take to answer before the process calls itself not ready. */
const CHECK_TIMEOUT_MS = 2_000;

export type CheckResult = "ok" | "unreachable" | "migrations pending";

export interface Readiness {
  ready: boolean;
  draining: boolean;
  checks: { database: CheckResult; redis?: CheckResult };
}

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function checkDatabase(db: Database): Promise<CheckResult> {
  try {
    return (await withinTimeout(migrationsPending(db))) ? "migrations pending" : "ok";
  } catch {
    return "unreachable";
  }
}

/** Waits (within the check's time) for the connection to be up: it queues no command meanwhile. */
async function connected(redis: Redis): Promise<void> {
  const deadline = Date.now() + CHECK_TIMEOUT_MS;
  while (redis.status !== "ready") {
    if (Date.now() > deadline) throw new Error("Redis is not connected");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function checkRedis(redis: Redis): Promise<CheckResult> {
  try {
    await connected(redis);
    await withinTimeout(redis.ping());
    return "ok";
  } catch {
    return "unreachable";
  }
}

/**
 * Whether this process should get traffic: its database answers and holds every migration the code
 * knows, Redis (when configured) answers, and it is not stopping.
 */
export async function checkReadiness(deps: {
  db: Database;
  redis: Redis | null;
  draining: boolean;
}): Promise<Readiness> {
  const [database, redis] = await Promise.all([
    checkDatabase(deps.db),
    deps.redis ? checkRedis(deps.redis) : undefined,
  ]);
  const checks = { database, ...(redis ? { redis } : {}) };
  return {
    ready: !deps.draining && database === "ok" && (redis ?? "ok") === "ok",
    draining: deps.draining,
    checks,
  };
}
