// The servers a bench measures, each its own process as an operator runs it: the storefront
// (`scripts/start.mjs` on a fresh embedded database, demo mode) and the blank React Router page.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const repoRoot = path.resolve(import.meta.dirname, "..");
export const storefrontBuildDir = path.join(repoRoot, "apps/web/build");
/** The courier app's build (`npm run build` makes it with the storefront's). */
export const courierBuildDir = path.join(repoRoot, "apps/courier/build");
export const blankAppDir = path.join(import.meta.dirname, "blank-app");
export const blankBuildDir = path.join(blankAppDir, "build");

export interface ServerProcess {
  url: string;
  pid: number;
  /** The folder of its data and its log (`server.log`), removed by `stop`. */
  dir: string;
  /**
   * Its process.memoryUsage() after a full garbage collection, from the memory probe
   * (bench/memory-probe.ts) when it was started with one; null otherwise.
   */
  memory(): Promise<NodeJS.MemoryUsage | null>;
  /** Stops it with SIGTERM and waits for its exit (a CPU profile is written then). */
  stop(): Promise<void>;
}

/** Runs a build quietly: its output is shown only when it fails. */
function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${result.stdout}${result.stderr}`);
  }
}

/** `npm run build`: the bench measures the storefront as its sources are now. */
export function buildStorefront(): void {
  run("npm", ["run", "build"], repoRoot);
}

export function buildBlankApp(): void {
  run(path.join(import.meta.dirname, "node_modules/.bin/react-router"), ["build"], blankAppDir);
}

/** A port nothing listens on now, for a server the bench starts. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitUntilHealthy(child: ChildProcess, url: string, log: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server exited with ${child.exitCode ?? child.signalCode}:\n${fs.readFileSync(log, "utf8").slice(-4000)}`,
      );
    }
    const healthy = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGTERM");
  throw new Error(`server not ready after ${timeoutMs} ms:\n${fs.readFileSync(log, "utf8").slice(-4000)}`);
}

async function startProcess(options: {
  args: string[];
  env: Record<string, string>;
  port: number;
  dir: string;
  readyPath: string;
  /** An IPC channel to the process, for the memory probe. */
  ipc?: boolean;
}): Promise<ServerProcess> {
  const log = path.join(options.dir, "server.log");
  const out = fs.openSync(log, "a");
  // The log goes to a file, so the bench process spends nothing reading it while it drives load.
  const child = spawn(process.execPath, options.args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", ...options.env },
    stdio: options.ipc ? ["ignore", out, out, "ipc"] : ["ignore", out, out],
  });
  fs.closeSync(out);
  const url = `http://127.0.0.1:${options.port}`;
  await waitUntilHealthy(child, `${url}${options.readyPath}`, log, 180_000);
  return {
    url,
    pid: child.pid!,
    dir: options.dir,
    memory: () =>
      new Promise((resolve) => {
        if (!child.connected) return resolve(null);
        child.once("message", (usage) => resolve(usage as NodeJS.MemoryUsage));
        // A process that exits meanwhile has no answer.
        child.send("memory", (error) => error && resolve(null));
      }),
    async stop() {
      // A process a signal ended has no exit code, and its exit has been and gone.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(options.dir, { recursive: true, force: true });
    },
  };
}

/**
 * The storefront as `npm start` runs it (build it first with `buildStorefront`): demo mode, a fresh
 * data folder (so it seeds the demo data), default log level. `nodeOptions` go before the script,
 * e.g. `--cpu-prof`; `env` adds or overrides settings (a shared DATA_DIR, DATABASE_URL, REDIS_URL);
 * `memoryProbe` preloads bench/memory-probe.ts, whose figures `memory()` then reads.
 */
export async function startStorefront(
  options: {
    nodeOptions?: string[];
    port?: number;
    env?: Record<string, string>;
    memoryProbe?: boolean;
  } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-bench-"));
  const probe = options.memoryProbe
    ? [
        "--expose-gc",
        "--import",
        "tsx",
        "--import",
        pathToFileURL(path.join(import.meta.dirname, "memory-probe.ts")).href,
      ]
    : [];
  return startProcess({
    args: [...probe, ...(options.nodeOptions ?? []), path.join(repoRoot, "scripts/start.mjs")],
    env: {
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(dir, "data"),
      ...options.env,
    },
    port,
    dir,
    readyPath: "/api/health",
    ipc: options.memoryProbe ?? false,
  });
}

/** The blank React Router page (build it first with `buildBlankApp`), hosted the storefront's way. */
export async function startBlankApp(): Promise<ServerProcess> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-bench-blank-"));
  return startProcess({
    args: ["--import", "tsx", path.join(blankAppDir, "serve.ts"), String(port)],
    env: {},
    port,
    dir,
    readyPath: "/",
  });
}

/** The demo's secrets of a storefront started by `startStorefront` (made at its first start). */
export function demoSecretsOf(server: ServerProcess): { staffPassword: string } {
  return JSON.parse(fs.readFileSync(path.join(server.dir, "data", "demo-secrets.json"), "utf8"));
}
