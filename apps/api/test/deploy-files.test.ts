import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "../src/config.ts";

// compose.yaml, deploy/Caddyfile and the Dockerfile are never run where the tests run (no image can
// be pulled there); these checks keep them in step with the code and with each other.
const root = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

type Service = {
  image?: string;
  environment?: Record<string, string | number | boolean | null>;
  networks?: Record<string, { ipv4_address?: string } | null> | string[];
};
const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Service> };
const appServices = Object.entries(compose.services).filter(([, service]) => service.image === "storefront");
const lb = compose.services.lb;

/** A compose value as `docker compose` makes it: `${NAME:?…}` from the operator, `${NAME:-x}` x. */
function interpolate(value: string, operator: Record<string, string>): string {
  return value.replace(
    /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
    (_match, name: string, kind?: string, rest?: string) => {
      const given = operator[name];
      if (given !== undefined) return given;
      if (kind === "-") return rest ?? "";
      throw new Error(`${name} is required: ${rest}`);
    },
  );
}

/** The environment compose gives an app process; settings listed without a value stay unset. */
function appEnvironment(operator: Record<string, string>): Record<string, string> {
  const environment = appServices[0]?.[1].environment ?? {};
  return Object.fromEntries(
    Object.entries(environment)
      .filter((entry): entry is [string, string | number | boolean] => entry[1] !== null)
      .map(([name, value]) => [name, interpolate(String(value), operator)]),
  );
}

/** The setting names a config schema reads: the keys of its `z.object({ NAME: … })`. */
function settingNames(file: string): string[] {
  return [...read(file).matchAll(/^\s+([A-Z][A-Z0-9_]*): /gm)].map((match) => match[1] ?? "");
}

const OPERATOR = { POSTGRES_PASSWORD: "example", INVOICE_LINK_SECRET: "an-operator-secret-".repeat(2) };

describe("compose.yaml", () => {
  it("runs several app processes, each with the same settings", () => {
    expect(appServices.length).toBeGreaterThanOrEqual(2);
    const [first, ...others] = appServices.map(([, service]) => service.environment);
    for (const environment of others) expect(environment).toEqual(first);
  });

  it("sets only settings the API or the web app reads, so a misspelt one cannot pass silently", () => {
    const known = new Set([
      ...settingNames("apps/api/src/config.ts"),
      ...settingNames("apps/web/app/lib/config.server.ts"),
    ]);
    expect(known).toContain("TRUST_PROXY");
    const unknown = Object.keys(appServices[0]?.[1].environment ?? {}).filter((name) => !known.has(name));
    expect(unknown).toEqual([]);
  });

  it("starts in production with its own settings and the operator's two secrets", () => {
    const config = loadConfig({ ...appEnvironment(OPERATOR), OUTBOX: "true" });
    expect(config.production).toBe(true);
    expect(config.demoMode).toBe(false);
    expect(new URL(config.databaseUrl ?? "").host).toBe("postgres:5432");
    expect(new URL(config.redisUrl ?? "").host).toBe("redis:6379");
  });

  it("leaves the operator only where messages and e-mail go", () => {
    expect(() => loadConfig(appEnvironment(OPERATOR))).toThrow(
      /refuses to start without its settings:\n {2}- MESSAGE_WEBHOOK_URL: .*\n {2}- SMTP_URL: [^\n]*$/,
    );
  });

  it("makes the operator give the secrets rather than start with none", () => {
    expect(() => appEnvironment({ INVOICE_LINK_SECRET: OPERATOR.INVOICE_LINK_SECRET })).toThrow(
      /POSTGRES_PASSWORD/,
    );
    expect(() => appEnvironment({ POSTGRES_PASSWORD: "example" })).toThrow(/INVOICE_LINK_SECRET/);
  });

  it("trusts the balancer's address alone for the visitor's address and scheme", () => {
    const networks = lb?.networks as Record<string, { ipv4_address?: string }>;
    const balancer = Object.values(networks)[0]?.ipv4_address;
    expect(balancer).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(loadConfig({ ...appEnvironment(OPERATOR), OUTBOX: "true" }).trustProxy).toEqual([balancer]);
  });
});

describe("the load balancer", () => {
  const caddyfile = read("deploy/Caddyfile");
  const upstreams = (list: string) => list.trim().split(/\s+/).sort();
  const apps = appServices.map(([name]) => `${name}:${loadConfig({}).port}`).sort();

  it("sends visitors to every app process of compose.yaml, and to nothing else", () => {
    expect(upstreams(String(lb?.environment?.STOREFRONT_UPSTREAMS))).toEqual(apps);
    const fallback = caddyfile.match(/\{\$STOREFRONT_UPSTREAMS:([^}]+)\}/)?.[1] ?? "";
    expect(upstreams(fallback)).toEqual(apps);
  });

  it("asks the processes' readiness, not their liveness", () => {
    expect(caddyfile).toMatch(/^\s*health_uri \/api\/ready$/m);
  });
});

describe("the Dockerfile", () => {
  it("starts the server as npm start does", () => {
    const start = (JSON.parse(read("package.json")) as { scripts: { start: string } }).scripts.start;
    const command = read("Dockerfile").match(/^CMD (\[.*\])$/m)?.[1] ?? "[]";
    expect((JSON.parse(command) as string[]).join(" ")).toBe(start);
  });

  it("copies every workspace's manifest before npm ci, which refuses a lockfile naming one it lacks", () => {
    const { workspaces } = JSON.parse(read("package.json")) as { workspaces: string[] };
    const copied = [...read("Dockerfile").matchAll(/^COPY (\S+)\/package\.json \1\/$/gm)].map((m) => m[1]);
    expect(copied.sort()).toEqual([...workspaces].sort());
  });
});
