import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
// @ts-expect-error: a plain module of the scripts, without types
import { ensureWebBuild } from "../scripts/web-build.mjs";
// @ts-expect-error: a plain module of the scripts, without types
import { installEmulator } from "./firebase-emulator/install.mjs";
import { serversReadyPort } from "./server-data.ts";
import { servers, type TestServer } from "./servers.ts";

/**
 * Starts every server of the browser tests at once (Playwright's own list starts them one after the
 * other: a minute, against about twenty seconds side by side), then answers on `serversReadyPort`
 * once each of them answers. A server that exits or does not answer in time stops them all, with its
 * errors on stderr. Stopped with the process: Playwright ends its whole process group.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const children: ChildProcess[] = [];

/** Ends every server with this process: their whole process group under Playwright, which made it. */
let stopping = false;
function stopAll(code: number): never {
  if (!stopping) {
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    try {
      // The servers' own children (a shell's `node …`) too: the whole group under Playwright.
      process.kill(-process.pid, "SIGTERM");
    } catch {}
  }
  process.exit(code);
}
// Our own group's signal, sent above, must not turn a failure into a clean exit.
process.on("SIGTERM", () => stopAll(stopping ? 1 : 0));
process.on("SIGINT", () => stopAll(0));

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    // Any HTTP answer means it is up (the Stripe stand-in answers a call without a key with 401).
    return response.status < 500;
  } catch {
    return false;
  }
}

async function start(server: TestServer): Promise<void> {
  const child = spawn("sh", ["-c", server.command], {
    cwd: here,
    env: { ...process.env, ...server.env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  let exited: number | null = null;
  child.on("exit", (code) => {
    exited = code ?? 1;
  });
  const started = Date.now();
  const deadline = started + server.timeout;
  while (!(await answers(server.url))) {
    if (exited !== null) throw new Error(`${server.command} exited with ${exited} before answering`);
    if (Date.now() > deadline) throw new Error(`${server.url} did not answer in ${server.timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  process.stderr.write(`${server.url} answered after ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  // Once ready, a server that dies stops the run: the tests would fail one by one otherwise.
  child.on("exit", (code) => {
    process.stderr.write(`${server.command} exited with ${code} during the tests\n`);
    stopAll(1);
  });
}

// A port another process answers on (an earlier run's orphaned server) would pass for ready, and
// the tests would run against it: say so at once instead.
const taken = (
  await Promise.all(
    [...servers.map((server) => server.url), `http://127.0.0.1:${serversReadyPort}/`].map(async (url) =>
      (await answers(url)) ? url : null,
    ),
  )
).filter(Boolean);
if (taken.length > 0) {
  process.stderr.write(
    `Something already answers at ${taken.join(", ")}: an earlier run's servers? Stop them first.\n`,
  );
  stopAll(1);
}

// Firebase's Auth Emulator is installed apart, once per machine (firebase-emulator/install.mjs):
// `npm test` installs it beside its first phases, a run of the browser tests alone here.
if ((await installEmulator()) !== 0) stopAll(1);

// The two demo servers each run scripts/start.mjs, which builds an app whose sources changed since
// its build: side by side, both would build it at once into the same folder (once, one of them
// failed to write a file the other had just removed). Built here once, before either starts.
ensureWebBuild();

try {
  await Promise.all(servers.map(start));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  stopAll(1);
}
http.createServer((_request, response) => response.end("ready")).listen(serversReadyPort, "127.0.0.1");
