// The soak's figures (bench/soak.ts) as the bench's tables: each step's latencies and errors, the
// servers' memory and CPU over time, and whether their memory stayed flat. Plain data in, tables out.
import { judged, type Section } from "./report.ts";

/** Memory counts as flat when the last third of the samples after the warm-up averages at most this much above the first third. */
export const FLAT_GROWTH = 0.1;

export interface StepTally {
  step: string;
  /** The successful runs' times, in milliseconds. */
  durations: number[];
  errors: number;
}

export interface ProcessSample {
  rssBytes: number;
  /** JavaScript heap in use after a full garbage collection; null when the probe did not answer. */
  heapBytes: number | null;
  /** CPU time over wall time since the previous sample. */
  cpuPercent: number;
}

export interface Sample {
  /** Seconds since the shoppers started. */
  atSeconds: number;
  processes: ProcessSample[];
  requestsPerSecond: number;
  /** Steps failed since the previous sample. */
  errors: number;
  /** The machine's 1-minute load average. */
  load: number;
}

export interface Flatness {
  firstMean: number;
  lastMean: number;
  /** lastMean over firstMean, less one. */
  growth: number;
  /** The least-squares slope over the samples after the warm-up, per minute. */
  slopePerMinute: number;
  flat: boolean;
}

/** The value below which a share `q` of the sorted values lies (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * Whether a measure stayed flat after the warm-up: the mean of the last third of its samples
 * against the first third's (a leak grows steadily, so the thirds part; a cache filling up in the
 * warm-up does not count). Null with fewer than three samples after the warm-up.
 */
export function judgeFlatness(
  points: ReadonlyArray<{ atSeconds: number; value: number }>,
  warmUpSeconds: number,
): Flatness | null {
  const kept = points.filter((point) => point.atSeconds >= warmUpSeconds && Number.isFinite(point.value));
  if (kept.length < 3) return null;
  const third = Math.floor(kept.length / 3);
  const firstMean = mean(kept.slice(0, third).map((point) => point.value));
  const lastMean = mean(kept.slice(-third).map((point) => point.value));
  const growth = lastMean / firstMean - 1;
  const meanAt = mean(kept.map((point) => point.atSeconds));
  const meanValue = mean(kept.map((point) => point.value));
  let covariance = 0;
  let variance = 0;
  for (const point of kept) {
    covariance += (point.atSeconds - meanAt) * (point.value - meanValue);
    variance += (point.atSeconds - meanAt) ** 2;
  }
  return {
    firstMean,
    lastMean,
    growth,
    slopePerMinute: (covariance / variance) * 60,
    flat: growth <= FLAT_GROWTH,
  };
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
const ms = (value: number) => (Number.isNaN(value) ? "" : value.toFixed(0));

export function stepsSection(tallies: readonly StepTally[], firstErrors: readonly string[]): Section {
  return {
    title: "Steps",
    columns: ["step", "runs", "errors (0)", "p50 ms", "p95 ms", "p99 ms", "max ms"],
    rows: tallies.map((tally) => {
      const sorted = tally.durations.toSorted((a, b) => a - b);
      return [
        tally.step,
        String(tally.durations.length + tally.errors),
        judged(String(tally.errors), tally.errors === 0),
        ms(quantile(sorted, 0.5)),
        ms(quantile(sorted, 0.95)),
        ms(quantile(sorted, 0.99)),
        ms(sorted.at(-1) ?? Number.NaN),
      ];
    }),
    notes: [
      "a step's time is its requests' (the pauses between steps are not in it); latencies are of the successful runs",
      ...firstErrors.map((error) => `error: ${error}`),
    ],
  };
}

export function timelineSection(samples: readonly Sample[], names: readonly string[]): Section {
  return {
    title: "Memory and CPU over time",
    columns: [
      "min",
      ...names.flatMap((name) => [`${name} RSS MiB`, `${name} heap MiB`, `${name} CPU %`]),
      "req/s",
      "errors",
      "load (1 min)",
    ],
    rows: samples.map((sample) => [
      (sample.atSeconds / 60).toFixed(1),
      ...sample.processes.flatMap((process) => [
        mib(process.rssBytes),
        process.heapBytes === null ? "" : mib(process.heapBytes),
        process.cpuPercent.toFixed(0),
      ]),
      sample.requestsPerSecond.toFixed(1),
      String(sample.errors),
      sample.load.toFixed(2),
    ]),
    notes: [
      "RSS from /proc/<pid>/status; heap is heapUsed after a full garbage collection (bench/memory-probe.ts); CPU and req/s over the interval before the sample",
    ],
  };
}

export function flatnessSection(
  samples: readonly Sample[],
  names: readonly string[],
  warmUpSeconds: number,
): Section {
  const measures: Array<[string, (process: ProcessSample) => number]> = [
    ["RSS", (process) => process.rssBytes],
    ["heap after GC", (process) => process.heapBytes ?? Number.NaN],
  ];
  const rows = names.flatMap((name, index) =>
    measures.map(([measure, read]) => {
      const flatness = judgeFlatness(
        samples.map((sample) => ({ atSeconds: sample.atSeconds, value: read(sample.processes[index]!) })),
        warmUpSeconds,
      );
      if (!flatness) return [name, measure, "", "", "", "", "too few samples after the warm-up"];
      return [
        name,
        measure,
        mib(flatness.firstMean),
        mib(flatness.lastMean),
        `${(flatness.growth * 100).toFixed(1)}%`,
        (flatness.slopePerMinute / 2 ** 20).toFixed(2),
        judged("flat", flatness.flat).replace("flat missed", "grows missed"),
      ];
    }),
  );
  return {
    title: "Is memory flat?",
    columns: [
      "process",
      "measure",
      "first third MiB",
      "last third MiB",
      "growth",
      "slope MiB/min",
      `verdict (growth ≤ ${FLAT_GROWTH * 100}%)`,
    ],
    rows,
    notes: [
      `the samples after a warm-up of ${(warmUpSeconds / 60).toFixed(1)} min, in thirds: the last third's mean against the first third's`,
    ],
  };
}
