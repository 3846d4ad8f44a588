import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/db/client.ts";
import { TEST_MEDIA_DIR } from "./media-dir.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../..");
// Node itself runs the server (tsx compiles it on load), so the PID a test signals is the server's.
const serverEntry = path.join(repoRoot, "apps/api/src/server.ts");

/** A port no one listens on right now, for a server process a test starts. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "storefront-process-"));
}

/**
 * A copy of the suite's seeded database for a server process: the embedded one in a fresh data
 * folder, or a new database on the PostgreSQL server of DATABASE_URL. `change` runs on it first.
 * Returns the environment that points a process at it.
 */
export async function seededDatabaseFor(
  change: (database: DatabaseHandle) => Promise<unknown>,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const dataDir = tempDataDir();
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dump = inject("seededDump") as string;
    const database = await openDatabase({ dataDir, loadDataDir: new Blob([fs.readFileSync(dump)]) });
    await change(database);
    await database.close();
    return { env: { DATA_DIR: dataDir }, drop: async () => {} };
  }
  const name = `storefront_process_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("seededTemplate")}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  await change(database);
  await database.close();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Every process started here, so a test that times out still leaves none behind. */
const running = new Set<ChildProcess>();

export async function stopAllServerProcesses(): Promise<void> {
  await Promise.all([...running].map(stopProcess));
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Stops it with SIGTERM and waits until it has exited. */
  stop(): Promise<void>;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | string | null>;
}

/**
 * The Redis channels of one test deployment: its processes share them (they share the database the
 * name is made of), and other test files' servers on the same Redis, whose order 1 is another
 * order, are not heard.
 */
export function channelPrefixOf(env: Record<string, string>): string {
  const deployment = env.DATABASE_URL ?? env.DATA_DIR ?? "";
  return `test-${createHash("sha256").update(deployment).digest("hex").slice(0, 12)}:`;
}

/**
 * Starts the real server (`src/server.ts`) as its own process with only the given environment (plus
 * PATH), and resolves once it listens, or rejects with its output when it exits first.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: String(port),
      MEDIA_DIR: TEST_MEDIA_DIR,
      WEB_BUILD_DIR: path.join(repoRoot, "no-web-build"),
      LOG_LEVEL: "info",
      REDIS_CHANNEL_PREFIX: channelPrefixOf(env),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  const exited = new Promise<number | string | null>((resolve) =>
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve(signal ?? code);
    }),
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`server exited with ${code}:\n${output}`));
    child.once("exit", onExit);
    const listening = () => {
      if (!output.includes("Server listening")) return;
      child.stdout?.off("data", listening);
      child.off("exit", onExit);
      resolve();
    };
    child.stdout?.on("data", listening);
  });
  return { url, pid: child.pid as number, output: () => output, stop: () => stopProcess(child), exited };
}

/** Runs the server expecting it to refuse to start: its exit code and what it printed. */
export async function runRefusedStart(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: String(await freePort()),
      MEDIA_DIR: TEST_MEDIA_DIR,
      WEB_BUILD_DIR: path.join(repoRoot, "no-web-build"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
    // It started after all: stop it, and the exit code tells the test.
    if (output.includes("Server listening")) child.kill("SIGTERM");
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, output };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/**
 * Runs one of the operator's commands (`src/cli/…`) as its own process with only the given
 * environment (plus PATH), as `npm run …` would: what it printed, or a rejection with its output.
 */
export async function runCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", path.join(repoRoot, script), ...args],
    { cwd: repoRoot, env: { PATH: process.env.PATH ?? "", ...env } },
  );
  return `${stdout}${stderr}`;
}
