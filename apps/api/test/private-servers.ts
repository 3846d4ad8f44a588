import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./server-process.ts";

/**
 * A PostgreSQL server or a Redis of a test's own, which it may stop and start again without
 * disturbing the suite's shared servers. PostgreSQL refuses to run as root, so as root (CI) it
 * runs as the `postgres` user.
 */
const POSTGRES_BIN = fs.existsSync("/usr/lib/postgresql")
  ? path.join("/usr/lib/postgresql", fs.readdirSync("/usr/lib/postgresql").sort().at(-1) as string, "bin")
  : "";
const asRoot = process.getuid?.() === 0;

function asPostgres(command: string, args: string[]): [string, string[]] {
  return asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface PrivatePostgres {
  /** `postgres://` of the `storefront` database on it. */
  url: string;
  /** A fast shutdown (as `pg_ctl stop -m fast` or a service restart does): waits until it has exited. */
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-pg-"));
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const dataDir = path.join(dir, "data");
  const [initdb, initArgs] = asPostgres(path.join(POSTGRES_BIN, "initdb"), [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "-A",
    "trust",
    "--no-sync",
  ]);
  execFileSync(initdb, initArgs, { stdio: "ignore" });
  const port = await freePort();
  let server: ChildProcess | null = null;
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const ready = async () => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.end();
    return true;
  };
  async function start() {
    const [postgres, args] = asPostgres(path.join(POSTGRES_BIN, "postgres"), [
      "-D",
      dataDir,
      "-p",
      String(port),
      "-k",
      dir,
      "-c",
      "listen_addresses=127.0.0.1",
    ]);
    server = spawn(postgres, args, { stdio: "ignore" });
    await until(ready, "PostgreSQL's start");
  }
  async function stop() {
    const running = server;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    // SIGINT to the postmaster is PostgreSQL's fast shutdown: sessions are ended, committed data kept.
    if (asRoot) execFileSync("pkill", ["-INT", "-P", String(running.pid)]);
    running.kill("SIGINT");
    await exited;
  }
  await start();
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query("CREATE DATABASE storefront");
  await client.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/storefront`,
    stop,
    start,
    async remove() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let server: ChildProcess | null = null;
  async function start() {
    server = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      {
        stdio: "ignore",
      },
    );
    await until(async () => {
      execFileSync("redis-cli", ["-p", String(port), "ping"], { stdio: "ignore" });
      return true;
    }, "Redis's start");
  }
  async function stop() {
    const running = server;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  }
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}
