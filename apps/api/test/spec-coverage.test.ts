import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/spec-coverage.md says, for every requirement of the two specs, which test holds it and its
 * status. It is kept by hand; these checks keep its claims true as tests are renamed and files move.
 *
 * The rule of its "Tested by" cells: a file in backticks, then the titles of that file's tests (or
 * describes) in double quotes, each whole and as declared; a title made from a template or a table
 * (`${lang}`, `%s`, `$name`) may be written with a value in its place. Anything in parentheses is a
 * note: a quote inside it is never read as a title, and a file named in it is not the one the next
 * titles belong to (it must still exist).
 */
const root = path.resolve(import.meta.dirname, "../../..");
const document = readFileSync(path.join(root, "docs/spec-coverage.md"), "utf8");

const STATES = ["done", "partial", "open", "not applicable / not shown by the spec", "in progress"];
const WRITTEN = "done, partial (why), open (why), not applicable / not shown by the spec (why), in progress";
/** A status is a state, with its reason in parentheses: required but for `done` and `in progress`. */
const STATUS =
  /^(done|in progress)(?: \(.+\))?$|^(partial|open|not applicable \/ not shown by the spec) \(.+\)$/;
/** A path in backticks: folders and a file, relative to the repository's root. */
const PATH = /^[\w.@-]+(?:\/[\w.@-]+)+$/;

type Row = { id: string; cells: string[]; testedBy: string; status: string };
const rows: Row[] = document
  .split("\n")
  .filter((line) => /^\| [FO]-/.test(line))
  .map((line) => {
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim());
    return { id: cells[0] ?? "", cells, testedBy: cells[3] ?? "", status: cells[4] ?? "" };
  });

function stateOf(status: string): string | undefined {
  const match = STATUS.exec(status);
  return match?.[1] ?? match?.[2];
}

/** The paths a cell cites, and its titles, each with the file written before it outside parentheses. */
function citations(cell: string) {
  const paths: string[] = [];
  const titles: { file: string | undefined; title: string }[] = [];
  let file: string | undefined;
  let depth = 0;
  for (let i = 0; i < cell.length; i++) {
    const char = cell[i];
    if (char === "`" || char === '"') {
      const end = cell.indexOf(char, i + 1) < 0 ? cell.length : cell.indexOf(char, i + 1);
      const inner = cell.slice(i + 1, end);
      i = end;
      if (char === "`" && PATH.test(inner)) {
        paths.push(inner);
        if (depth === 0) file = inner;
      } else if (char === '"' && depth === 0) titles.push({ file, title: inner });
    } else if (char === "(") depth++;
    else if (char === ")") depth = Math.max(0, depth - 1);
  }
  return { paths, titles };
}

/**
 * A string that opens `it(`, `test(`, `describe(`, `test.describe(`, `it.skip(`… or follows a call's
 * `)(`, as `it.each(table)(` does. The second form takes in a few strings that are no title; a cited
 * title that only they match is still unlikely.
 */
const DECLARED =
  /(?:\b(?:it|test|describe)(?:\s*\.\s*\w+)*|\))\s*\(\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`)/g;
/**
 * What a template or a table fills in a title: `${…}`, vitest's `%s`, `%d`… and `$name`, each
 * matching any text. A filled title with fewer than six letters of its own ("%s", "$name", "%s is %s")
 * would match nearly anything, so it is left out: the document cites the describe around it.
 */
const FILLED = /\$\{(?:[^{}]|\{[^{}]*\})*\}|%[sdifjoOc#$]|\$[A-Za-z_][\w.]*/;

const declared = new Map<string, RegExp[]>();
function titlesOf(file: string): RegExp[] {
  let patterns = declared.get(file);
  if (!patterns) {
    patterns = [...readFileSync(path.join(root, file), "utf8").matchAll(DECLARED)].flatMap((match) => {
      const parts = (match[1] ?? match[2] ?? match[3] ?? "")
        .split(FILLED)
        .map((part) => part.replace(/\\(.)/g, "$1"));
      if (parts.length > 1 && parts.join("").replace(/[^\p{L}]/gu, "").length < 6) return [];
      const literal = parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      return [new RegExp(`^${literal.join(".*")}$`, "s")];
    });
    declared.set(file, patterns);
  }
  return patterns;
}

describe("docs/spec-coverage.md", () => {
  it("has one row per requirement, each with a known status and the reason it asks for", () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const { id, cells, status } of rows) {
      if (!/^[FO]-\d+\.\d+$/.test(id) || cells.length !== 5) problems.push(`${id}: not a row of five cells`);
      if (seen.has(id)) problems.push(`${id}: a second row with this number`);
      seen.add(id);
      if (!stateOf(status)) problems.push(`${id}: status "${status}" is not ${WRITTEN}`);
    }
    expect(problems).toEqual([]);
  });

  it("cites test files that exist, and titles that a test or describe of that file declares", () => {
    const problems: string[] = [];
    for (const { id, testedBy } of rows) {
      const { paths, titles } = citations(testedBy);
      for (const file of paths)
        if (!existsSync(path.join(root, file))) problems.push(`${id}: ${file} does not exist`);
      for (const { file, title } of titles) {
        if (!file) problems.push(`${id}: "${title}" follows no file`);
        else if (existsSync(path.join(root, file)) && !titlesOf(file).some((pattern) => pattern.test(title)))
          problems.push(`${id}: ${file} declares no "${title}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("is stamped with the commit it was checked against, one this branch's history holds", () => {
    const stamp = /^Checked against the code at commit ([0-9a-f]{7,40}) \((\d{4}-\d{2}-\d{2})\)\.$/m.exec(
      document,
    );
    expect(stamp, "a line 'Checked against the code at commit <sha> (YYYY-MM-DD).'").not.toBeNull();
    const [, sha = "", date = ""] = stamp ?? [];
    expect(Number.isNaN(Date.parse(date)), `the stamp's date ${date}`).toBe(false);
    const git = (...args: string[]) =>
      execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    // A checkout cut to its last commits cannot hold the stamp's: there, its form is all that is read.
    if (git("rev-parse", "--is-shallow-repository") === "true") return;
    const ancestor = () => git("merge-base", "--is-ancestor", sha, "HEAD");
    expect(ancestor, `the stamp's commit ${sha} is an ancestor of HEAD`).not.toThrow();
  });

  it("counts in its summary the rows of each status", () => {
    const count = (spec: string, state?: string) =>
      rows.filter((row) => row.id.startsWith(spec) && (!state || stateOf(row.status) === state)).length;
    const counted = Object.fromEntries(
      [...STATES, undefined].map((state) => [state ?? "rows", [count("F-", state), count("O-", state)]]),
    );
    const summary = document.slice(document.indexOf("\n## Summary"));
    const written = Object.fromEntries(
      [...summary.matchAll(/^\| ([^|]+?) \| \**(\d+)\** \| \**(\d+)\** \| \**(\d+)\** \|$/gm)].map(
        ([, label = "", f, o, total]) => {
          expect(Number(total), `the summary's ${label} total`).toBe(Number(f) + Number(o));
          return [label.replaceAll("*", ""), [Number(f), Number(o)]];
        },
      ),
    );
    const kept = Object.entries(counted).filter(([label, [f = 0, o = 0]]) => label in written || f + o > 0);
    expect(written).toEqual(Object.fromEntries(kept));
    expect(/Counted from the tables above \((\d+) rows\)/.exec(summary)?.[1]).toBe(String(rows.length));
  });
});
