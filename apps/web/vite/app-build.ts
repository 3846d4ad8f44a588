import { existsSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
// The domain package is TypeScript source, which the config loader does not take as a package: its file is bundled.
import { isThisComputer } from "../../../packages/domain/src/partner-onboarding.ts";

/** The module that adapts a route's server exports to the webview (loaders, actions, middleware). */
const ROUTE_EXPORTS = path.resolve(import.meta.dirname, "../app/lib/app-route-exports.ts");

/** `lib/config.server.ts` → `lib/config.app.ts`, `lib/credentials.ts` → `lib/credentials.app.ts`. */
export function twinOf(file: string): string {
  return file.replace(/(\.server)?\.(tsx?)$/, ".app.$2");
}

const SERVER_EXPORTS: Array<{ name: string; client: string; adapter: string }> = [
  { name: "loader", client: "clientLoader", adapter: "appLoader" },
  { name: "action", client: "clientAction", adapter: "appAction" },
  { name: "middleware", client: "clientMiddleware", adapter: "appMiddleware" },
];

/**
 * A route module of the server's build as the app's: its `loader`, `action` and `middleware` run in
 * the webview as `clientLoader`, `clientAction` and `clientMiddleware`, through adapters that keep
 * what they set for the visitor (the web's cookies) in the app's own storage. The root also gets
 * the fallback a single-page build shows until its first data is there (nothing: the native splash
 * is still up).
 */
export function asAppRouteModule(code: string, isRoot: boolean): string {
  const adapters: string[] = [];
  let out = code;
  for (const { name, client, adapter } of SERVER_EXPORTS) {
    const declaration = new RegExp(`export (async function ${name}\\b|const ${name}\\b)`);
    if (!declaration.test(out)) continue;
    out = out.replace(declaration, "$1");
    out += `\nexport const ${client} = ${adapter}(${name});\n`;
    adapters.push(adapter);
  }
  if (adapters.length > 0)
    out = `import { ${adapters.join(", ")} } from ${JSON.stringify(ROUTE_EXPORTS)};\n${out}`;
  if (isRoot) out += "\nexport function HydrateFallback() { return null; }\n";
  return out;
}

/**
 * The native app's build of the storefront (STOREFRONT_TARGET=app): one code base, two entry
 * points. A module with an `.app.ts` twin is replaced by it (configuration, how the visitor's state
 * is read, credentials); the server-side modules the loaders use run in the webview as they are, so
 * React Router's guard against server modules in the browser is stepped over for this build only;
 * route modules are adapted by `asAppRouteModule`.
 */
export interface AppBuildSettings {
  /** The storefront's server the app talks to (https, or http on localhost for trying it). */
  serverOrigin: string;
  partnerCode: string;
  buildVersion: string;
  updatesUrl: string | null;
  /** The push project (Firebase) the app's device tokens belong to; none, no push. */
  pushProjectId: string | null;
}

/** The app build's settings from its environment; a missing or wrong one is named. */
export function appBuildSettings(env: NodeJS.ProcessEnv): AppBuildSettings {
  const server = env.APP_SERVER_ORIGIN;
  if (!server) throw new Error("APP_SERVER_ORIGIN: the storefront's origin the app talks to is required");
  const origin = new URL(server);
  if (origin.protocol !== "https:" && !isThisComputer(origin.hostname))
    throw new Error(`APP_SERVER_ORIGIN: https is required (plain http only on localhost), got ${server}`);
  return {
    serverOrigin: origin.origin,
    partnerCode: env.PARTNER_CODE ?? "demo",
    buildVersion: env.BUILD_VERSION ?? "dev",
    updatesUrl: env.UPDATES_URL?.replace(/\/+$/, "") ?? null,
    pushProjectId: env.PUSH_PROJECT_ID || null,
  };
}

export function appBuild(appDirectory: string, settings: AppBuildSettings): Plugin {
  const routesDirectory = `${path.join(appDirectory, "routes")}${path.sep}`;
  const root = path.join(appDirectory, "root.tsx");
  return {
    name: "storefront:app-build",
    enforce: "pre",
    config() {
      return { define: { __STOREFRONT_APP__: JSON.stringify(settings) } };
    },
    // The storefront's own modules are imported by relative path with their extension: this build
    // resolves those itself, so React Router's guard against server modules never sees them.
    resolveId(source, importer) {
      if (!importer || !source.startsWith(".") || !/\.tsx?$/.test(source)) return null;
      const [from] = importer.split("?");
      if (!from?.startsWith(appDirectory)) return null;
      const file = path.resolve(path.dirname(from), source);
      const twin = twinOf(file);
      return twin !== file && twin !== from && existsSync(twin) ? twin : file;
    },
    transform(code, id) {
      const [file] = id.split("?");
      if (!file || (file !== root && !file.startsWith(routesDirectory))) return null;
      if (!/\.tsx?$/.test(file)) return null;
      return { code: asAppRouteModule(code, file === root), map: null };
    },
  };
}
