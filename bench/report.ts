// The bench's figures as tables, each goal of DESIGN.md's performance budget beside its figure and
// marked met or missed. Printing only: a missed goal never fails the run.
import os from "node:os";
import type { LighthouseFigures } from "./lighthouse-runs.ts";
import type { Machine } from "./machine.ts";
import { FLOOR_KB, type PageWeight } from "./page-weight.ts";
import type { SsrFigures } from "./ssr-throughput.ts";

export const GOALS = {
  lighthouseScore: 98,
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0.01,
  homeFirstVisitKiB: 350,
  jsOverFloorKiB: 40,
  /** A page rendered for its visitor (signed in, with a cart). */
  localityRatioToBlank: 0.2,
  supportRatioToBlank: 0.4,
  /** The locality page kept for anonymous visitors (apps/api/src/plugins/page-cache.ts). */
  keptLocalityRatioToBlank: 0.5,
  keptP99Ms: 100,
  /** The console's order board (Lighthouse desktop) and the courier app (Lighthouse mobile). */
  appLighthouseScore: 95,
  p99Ms: 500,
  apiRatioToHealth: 0.3,
};

/** The pages of the SSR bench, by the names its goals are judged under. */
export const SSR_PAGES = {
  keptLocality: "locality /en/riga, anonymous (kept)",
  keptVendor: "vendor /en/riga/vendor/:id, anonymous (kept)",
  renderedLocality: "locality /en/riga, with a cart (rendered)",
  renderedSupport: "support /en/support, with a cart (rendered)",
} as const;

export interface Section {
  title: string;
  columns: string[];
  rows: string[][];
  notes: string[];
  /** Text columns: every cell left-aligned (figures are right-aligned but for the first column). */
  leftAligned?: boolean;
}

/**
 * A row of the API bench (bench/api-throughput.ts): the brief's shape, with the latency names and
 * the cache and load columns its first version has.
 */
export interface ApiBenchRow {
  route: string;
  requestsPerSecond: number;
  p50?: number;
  p99?: number;
  p50Ms?: number;
  p99Ms?: number;
  non2xx: number;
  ratioToHealth: number;
  cache?: string;
  load?: string;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
/** Requests per second, with a decimal while they are few. */
const rate = (perSecond: number) => perSecond.toFixed(perSecond < 100 ? 1 : 0);
/** A figure with its goal's verdict; no verdict when the figure is missing. */
export const judged = (figure: string, met: boolean | undefined) =>
  met === undefined || figure === "NaN" ? figure : `${figure} ${met ? "met" : "missed"}`;

export function machineSection(machine: Machine): Section {
  return {
    title: "Machine",
    columns: ["", ""],
    rows: [
      ["date", machine.date],
      ["commit", machine.commit],
      ["CPU", machine.cpus],
      ["memory", machine.memory],
      ["load average at start (1, 5, 15 min)", machine.loadAverage],
      ["Node.js", machine.node],
      ["Chromium", machine.chromium],
      ["device fonts (as on Android)", machine.deviceFonts],
    ],
    notes: [],
    leftAligned: true,
  };
}

export function lighthouseSection(figures: LighthouseFigures[], runs: number): Section {
  const rows = figures.map((page) => {
    const reference = page.name.includes("blank");
    const goal = (met: boolean) => (reference ? undefined : met);
    if (page.runs === 0) return [page.name, "failed (see below)", "", "", "", "", "", ""];
    return [
      page.name,
      judged(page.score.toFixed(0), goal(page.score >= GOALS.lighthouseScore)),
      judged(seconds(page.lcpMs), goal(page.lcpMs <= GOALS.lcpMs)),
      judged(page.tbtMs.toFixed(0), goal(page.tbtMs <= GOALS.tbtMs)),
      judged(page.cls.toFixed(4), goal(page.cls <= GOALS.cls)),
      seconds(page.fcpMs),
      page.name === "home"
        ? judged(kib(page.bytes.total), page.bytes.total < GOALS.homeFirstVisitKiB * 1024)
        : kib(page.bytes.total),
      `${kib(page.bytes.document)} / ${kib(page.bytes.script)} / ${kib(page.bytes.stylesheet)} / ${kib(page.bytes.font)} / ${kib(page.bytes.image)}`,
    ];
  });
  const notes = [
    `medians of ${runs} runs of Lighthouse ${figures[0]?.lighthouseVersion ?? ""}'s default mobile config (simulated slow 4G and 4× CPU slowdown), a first visit each`,
    `Lighthouse's CPU benchmark index of this machine: ${figures.map((page) => page.benchmarkIndex.toFixed(0)).join(", ")}`,
  ];
  for (const page of figures) {
    if (page.error) notes.push(`${page.name}: ${page.runs} run(s) measured, ${page.error}`);
    for (const warning of page.warnings) notes.push(`${page.name}: ${warning}`);
    if (page.runs > 0 && page.lcpMs > GOALS.lcpMs)
      notes.push(
        `${page.name}: its largest paint in the runs: ${page.lcpElements.map((element) => `"${element}"`).join(", ")}`,
      );
  }
  return {
    title: "Lighthouse mobile",
    columns: [
      "page",
      `score (≥ ${GOALS.lighthouseScore})`,
      `LCP s (≤ ${GOALS.lcpMs / 1000})`,
      `TBT ms (≤ ${GOALS.tbtMs})`,
      `CLS (≤ ${GOALS.cls})`,
      "FCP s",
      `KiB transferred (home < ${GOALS.homeFirstVisitKiB})`,
      "of which HTML / JS / CSS / fonts / images",
    ],
    rows,
    notes,
  };
}

/** The console's order board on Lighthouse's desktop config, the courier app on its mobile one. */
export function appLighthouseSection(figures: LighthouseFigures[], runs: number): Section {
  return {
    title: "Lighthouse: the console and the courier app",
    columns: [
      "page",
      `score (≥ ${GOALS.appLighthouseScore})`,
      "LCP s",
      "TBT ms",
      "CLS",
      "FCP s",
      "KiB transferred",
      "of which HTML / JS / CSS / fonts / images",
    ],
    rows: figures.map((page) =>
      page.runs === 0
        ? [page.name, "failed (see below)", "", "", "", "", "", ""]
        : [
            page.name,
            judged(page.score.toFixed(0), page.score >= GOALS.appLighthouseScore),
            seconds(page.lcpMs),
            page.tbtMs.toFixed(0),
            page.cls.toFixed(4),
            seconds(page.fcpMs),
            kib(page.bytes.total),
            `${kib(page.bytes.document)} / ${kib(page.bytes.script)} / ${kib(page.bytes.stylesheet)} / ${kib(page.bytes.font)} / ${kib(page.bytes.image)}`,
          ],
    ),
    notes: [
      `medians of ${runs} runs; the console's order board of the demo's dispatcher on Lighthouse's desktop config (a wide screen, no throttling but its own), the courier app of a courier signed in (off shift, no jobs) on its default mobile config`,
      ...figures.flatMap((page) => [
        ...(page.error ? [`${page.name}: ${page.runs} run(s) measured, ${page.error}`] : []),
        ...page.warnings.map((warning) => `${page.name}: ${warning}`),
      ]),
    ],
  };
}

export function weightSection(pages: PageWeight[], blank: PageWeight): Section {
  const budget = blank.gzipBytes + GOALS.jsOverFloorKiB * 1024;
  return {
    title: "First-load JavaScript (gzip -9, from the build)",
    columns: ["page", "route", "files", `KiB (≤ floor + ${GOALS.jsOverFloorKiB} = ${kib(budget)})`],
    rows: [
      ["blank React Router page (the floor)", blank.routeId, String(blank.files), kib(blank.gzipBytes)],
      ...pages.map((page) => [
        page.page,
        page.routeId,
        String(page.files),
        judged(kib(page.gzipBytes), page.gzipBytes <= budget),
      ]),
    ],
    notes: [
      "the floor is the blank page built in bench/blank-app with the storefront's React and React Router",
      ...(Math.abs(blank.gzipBytes / 1024 - FLOOR_KB) >= 0.1
        ? [
            `CI's budget test counts from a floor of ${FLOOR_KB} kB: set FLOOR_KB (bench/page-weight.ts) to this one`,
          ]
        : []),
    ],
  };
}

/** The courier app's first load, against its own budget (issue 40). */
export function courierWeightSection(weight: PageWeight, budgetKib: number): Section {
  return {
    title: "Courier app first-load JavaScript (gzip -9, from the build)",
    columns: ["app", "files", `KiB (≤ ${budgetKib})`],
    rows: [
      [
        weight.page,
        String(weight.files),
        judged(kib(weight.gzipBytes), weight.gzipBytes <= budgetKib * 1024),
      ],
    ],
    notes: [
      "its page's module script and preloads, and its largest language catalogue; the offer's map loads later",
    ],
  };
}

export function ssrSection(
  { rows, blankRuns }: { rows: SsrFigures[]; blankRuns: number[] },
  connections: number,
  seconds: number,
): Section {
  const ratioGoal: Record<string, number> = {
    [SSR_PAGES.keptLocality]: GOALS.keptLocalityRatioToBlank,
    [SSR_PAGES.renderedLocality]: GOALS.localityRatioToBlank,
    [SSR_PAGES.renderedSupport]: GOALS.supportRatioToBlank,
  };
  const p99Goal = (name: string) => (name === SSR_PAGES.keptLocality ? GOALS.keptP99Ms : GOALS.p99Ms);
  return {
    title: "SSR throughput",
    columns: [
      "page",
      "req/s",
      "p50 ms",
      `p99 ms (≤ ${GOALS.p99Ms}; kept locality ≤ ${GOALS.keptP99Ms})`,
      "errors (timeouts) / non-2xx (0)",
      "of blank (kept locality ≥ 50%; with a cart: locality ≥ 20%, support ≥ 40%)",
    ],
    rows: rows.map((row, index) => {
      const reference = index === 0;
      const goal = ratioGoal[row.name];
      return [
        row.name,
        rate(row.requestsPerSecond),
        String(row.p50),
        judged(String(row.p99), reference ? undefined : row.p99 <= p99Goal(row.name)),
        judged(
          `${row.errors} (${row.timeouts}) / ${row.non2xx}`,
          reference ? undefined : row.errors + row.timeouts + row.non2xx === 0,
        ),
        reference
          ? "100%"
          : judged(percent(row.ratioToBlank), goal === undefined ? undefined : row.ratioToBlank >= goal),
      ];
    }),
    notes: [
      `autocannon, ${connections} connections, ${seconds} s per page after a warm-up, from loopback on the same machine; a browser's first-visit headers, with no cookies (a page kept for anonymous visitors) or a cart's visitor cookie (a page rendered for its visitor)`,
      `the blank page ran before the first page and after each (${blankRuns.map(rate).join(", ")} req/s): its row shows their mean and its worst latencies, and each page is compared with the mean of the runs on either side of it`,
    ],
  };
}

/** The vendor list and a vendor's catalogue, warm and at full speed, carry the ≥ 30% of /api/health goal. */
function apiRatioGoal(row: ApiBenchRow): number | undefined {
  const named = /\/localities\/[^/]+\/vendors$|\/vendors\/\d+\/catalogue$/.test(row.route);
  return named && (row.cache ?? "warm") === "warm" && (row.load ?? "peak") === "peak"
    ? GOALS.apiRatioToHealth
    : undefined;
}

export function apiSection(database: string, rows: ApiBenchRow[] | string): Section {
  const columns = [
    "route",
    "cache",
    "load",
    "req/s",
    "p50 ms",
    "p99 ms",
    "non-2xx",
    "of /api/health (catalogue, vendor list ≥ 30% warm)",
  ];
  if (typeof rows === "string") {
    return {
      title: `API on ${database}`,
      columns,
      rows: [[rows, ...columns.slice(1).map(() => "")]],
      notes: [],
    };
  }
  return {
    title: `API on ${database}`,
    columns,
    rows: rows.map((row) => {
      const goal = apiRatioGoal(row);
      return [
        row.route,
        row.cache ?? "",
        row.load ?? "",
        rate(row.requestsPerSecond),
        String(row.p50 ?? row.p50Ms),
        String(row.p99 ?? row.p99Ms),
        String(row.non2xx),
        judged(percent(row.ratioToHealth), goal === undefined ? undefined : row.ratioToHealth >= goal),
      ];
    }),
    notes: [],
  };
}

function flatten(value: unknown, prefix = ""): Array<[string, string]> {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key));
  }
  const shown = typeof value === "number" ? String(Number(value.toFixed(2))) : JSON.stringify(value);
  return [[prefix, shown]];
}

/** The tracking bench's figures (bench/tracking.ts), whatever their shape, as name and value. */
export function trackingSection(title: string, figures: unknown): Section {
  const rows = typeof figures === "string" ? [[figures, ""]] : flatten(figures);
  return { title, columns: ["figure", "value"], rows, notes: [] };
}

/** The arrival window's first estimates against the simulated arrivals (bench/arrival-estimates.ts). */
export function arrivalSection(
  figures:
    | Array<{ vendor: string; windowFrom: number; windowTo: number; arrivedAfter: number; outsideBy: number }>
    | string,
  speed: number,
): Section {
  const title = "Arrival window: the first estimate against the simulated arrival";
  if (typeof figures === "string")
    return { title, columns: ["figure", "value"], rows: [[figures, ""]], notes: [] };
  const minutes = (value: number) => value.toFixed(1);
  const inside = figures.filter((figure) => figure.outsideBy === 0).length;
  const off = figures.map((figure) =>
    Math.abs(figure.arrivedAfter - (figure.windowFrom + figure.windowTo) / 2),
  );
  return {
    title,
    columns: ["restaurant", "first window (min)", "arrived after (min)", "outside by (min)"],
    rows: figures.map((figure) => [
      figure.vendor,
      `${minutes(figure.windowFrom)}–${minutes(figure.windowTo)}`,
      minutes(figure.arrivedAfter),
      minutes(figure.outsideBy),
    ]),
    notes: [
      `${inside} of ${figures.length} arrivals inside the first window told; on average ${minutes(
        off.reduce((sum, value) => sum + value, 0) / off.length,
      )} min from its middle.`,
      `Minutes after the order was placed, on the simulator's clock (speed ${speed}: it ticks once a second, so a step may end up to ${(
        speed / 60
      ).toFixed(1)} min late).`,
    ],
  };
}

/** How many goals the sections mark met and missed. */
export function countGoals(sections: Section[]): { met: number; missed: number } {
  const cells = sections.flatMap((section) => section.rows.flat());
  return {
    met: cells.filter((cell) => cell.endsWith(" met")).length,
    missed: cells.filter((cell) => cell.endsWith(" missed")).length,
  };
}

export function renderText(sections: Section[]): string {
  const lines: string[] = [];
  for (const section of sections) {
    lines.push("", section.title);
    const widths = section.columns.map((column, index) =>
      Math.max(column.length, ...section.rows.map((row) => (row[index] ?? "").length)),
    );
    const line = (cells: string[]) =>
      cells
        .map((cell, index) =>
          index === 0 || section.leftAligned ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!),
        )
        .join("  ")
        .trimEnd();
    if (section.columns.some(Boolean)) lines.push(line(section.columns));
    for (const row of section.rows) lines.push(line(row));
    for (const note of section.notes) lines.push(`  (${note})`);
  }
  return lines.join("\n");
}

export function renderMarkdown(sections: Section[]): string {
  const lines: string[] = [];
  const escapePipes = (cell: string) => cell.replaceAll("|", "\\|");
  for (const section of sections) {
    lines.push(`#### ${section.title}`, "");
    if (!section.columns.some(Boolean)) {
      // A table without headings (the machine) reads better as a list.
      lines.push(...section.rows.map((row) => `- ${row.filter(Boolean).join(": ")}`), "");
      continue;
    }
    const columns = section.columns;
    lines.push(`| ${columns.map(escapePipes).join(" | ")} |`, `|${columns.map(() => "---").join("|")}|`);
    for (const row of section.rows) lines.push(`| ${row.map(escapePipes).join(" | ")} |`);
    if (section.notes.length > 0) lines.push("", ...section.notes.map((note) => `- ${note}`));
    lines.push("");
  }
  return lines.join("\n");
}

/**
 * The report as printed at the end of a run: the load average at the end joins the machine table
 * (the first section), then the tables (text or markdown) and how many goals were met and missed.
 */
export function finishReport(sections: Section[], markdown: boolean): string {
  sections[0]?.rows.push([
    "load average at the end",
    os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(" "),
  ]);
  const goals = countGoals(sections);
  const summary = `goals: ${goals.met} met, ${goals.missed} missed`;
  return markdown ? `${renderMarkdown(sections)}\n${summary}` : `${renderText(sections)}\n\n${summary}`;
}
