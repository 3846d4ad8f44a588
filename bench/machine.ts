// What the figures were measured on: they only compare within one run on one machine.
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";

const repoRoot = path.resolve(import.meta.dirname, "..");

function output(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, {
      cwd: repoRoot,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "unknown";
  }
}

export interface Machine {
  date: string;
  commit: string;
  cpus: string;
  memory: string;
  node: string;
  loadAverage: string;
  chromium: string;
  /** The device faces the storefront names first (Roboto, Noto Sans Arabic), as an Android phone has them. */
  deviceFonts: string;
}

/**
 * Whether the machine has the faces the storefront names before its own files (Roboto, Noto Sans
 * Arabic), as an Android phone has them: where it does, Chromium downloads neither.
 */
function deviceFonts(): string {
  return ["Roboto", "Noto Sans Arabic"]
    .map((family) => {
      const found = output("fc-list", [`${family}:style=Regular`, "family"]);
      return `${family} ${found === "" || found === "unknown" ? "missing" : "installed"}`;
    })
    .join(", ");
}

export function describeMachine(chromePath: string): Machine {
  const cpus = os.cpus();
  const changed = output("git", ["status", "--porcelain"]) !== "";
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    commit: `${output("git", ["rev-parse", "--short", "HEAD"])} (${output("git", ["branch", "--show-current"])})${changed ? " with uncommitted changes" : ""}`,
    cpus: `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown"}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB (${(os.freemem() / 2 ** 30).toFixed(1)} GiB free)`,
    node: process.version,
    // The machine may be shared: its load at the start says how quiet it was.
    loadAverage: os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(" "),
    chromium: output(chromePath, ["--version"]),
    deviceFonts: deviceFonts(),
  };
}
