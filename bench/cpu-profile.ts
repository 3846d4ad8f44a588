// Reads a V8 .cpuprofile (node --cpu-prof) into the functions and packages that took the time.
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface TimedEntry {
  name: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  /** Sampled time in the window, ms. */
  totalMs: number;
  self: TimedEntry[];
  total: TimedEntry[];
  /** Total time of the workspace's own functions (apps/, packages/, the built storefront). */
  ownTotal: TimedEntry[];
  byPackage: TimedEntry[];
}

const repoRoot = path.resolve(import.meta.dirname, "..");

/** `react-dom` for node_modules code, the workspace path for ours, `node:` for Node's own. */
function packageOf(url: string): string {
  if (!url) return "(V8 and native)";
  const file = url.replace(/^file:\/\//, "");
  const modules = file.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const [first, second] = file.slice(modules + "node_modules/".length).split("/");
    return first?.startsWith("@") ? `${first}/${second}` : first!;
  }
  if (file.startsWith("node:") || !file.startsWith("/")) return "node: (Node.js internals)";
  const relative = path.relative(repoRoot, file);
  return relative
    .split("/")
    .slice(0, relative.startsWith("apps/web/build") ? 4 : 3)
    .join("/");
}

function functionOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  if (!url) return functionName || "(anonymous)";
  const file = url.replace(/^file:\/\//, "");
  const modules = file.lastIndexOf("node_modules/");
  const shown =
    modules >= 0
      ? file.slice(modules + "node_modules/".length)
      : file.startsWith("/")
        ? path.relative(repoRoot, file)
        : file;
  return `${functionName || "(anonymous)"} ${shown}:${lineNumber + 1}`;
}

function top(times: Map<string, number>, totalUs: number, count: number): TimedEntry[] {
  return [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, ms: us / 1000, share: us / totalUs }));
}

/**
 * Self and total time per function, and self time per package, of the samples taken in the last
 * `windowSeconds` of the profile (the load, not the start), or of all samples.
 */
export function summariseCpuProfile(profile: CpuProfile, options: { windowSeconds?: number; count: number }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

  const from = options.windowSeconds ? profile.endTime - options.windowSeconds * 1e6 : profile.startTime;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const ownTotal = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let at = profile.startTime;
  let totalUs = 0;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    // A sample's time is the gap to the next one.
    const us = profile.timeDeltas[index + 1] ?? 0;
    if (at < from) return;
    const node = byId.get(id)!;
    totalUs += us;
    const name = functionOf(node);
    self.set(name, (self.get(name) ?? 0) + us);
    const pkg =
      node.callFrame.url || !node.callFrame.functionName.startsWith("(")
        ? packageOf(node.callFrame.url)
        : name;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
    // Each function on the stack once, however often it recurses; Node's own frames (the task
    // queue, async hooks) hold every request and would only fill the list.
    const onStack = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) {
      const frame = byId.get(current)!;
      if (frame.callFrame.url.startsWith("file://") || frame.callFrame.url.startsWith("/")) {
        onStack.add(functionOf(frame));
      }
    }
    for (const entry of onStack) {
      total.set(entry, (total.get(entry) ?? 0) + us);
      if (/^\S+ (apps|packages)\//.test(entry)) ownTotal.set(entry, (ownTotal.get(entry) ?? 0) + us);
    }
  });
  return {
    totalMs: totalUs / 1000,
    self: top(self, totalUs, options.count),
    total: top(total, totalUs, options.count),
    ownTotal: top(ownTotal, totalUs, options.count),
    byPackage: top(byPackage, totalUs, options.count),
  } satisfies ProfileSummary;
}
