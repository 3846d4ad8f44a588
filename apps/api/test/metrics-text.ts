/** One sample of Prometheus' text format: `name{label="value",…} number`. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** Reads a /metrics answer as Prometheus would, for tests to look figures up in. */
export function parseMetrics(text: string) {
  const samples: MetricSample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(LABEL)) labels[name as string] = value as string;
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return {
    samples,
    /** The sample of that name whose labels are exactly these; undefined when there is none. */
    value(name: string, labels: Record<string, string> = {}): number | undefined {
      const wanted = Object.entries(labels);
      return samples.find(
        (sample) =>
          sample.name === name &&
          Object.keys(sample.labels).length === wanted.length &&
          wanted.every(([key, value]) => sample.labels[key] === value),
      )?.value;
    },
    /** How many samples of that name there are. */
    count(name: string): number {
      return samples.filter((sample) => sample.name === name).length;
    },
  };
}
