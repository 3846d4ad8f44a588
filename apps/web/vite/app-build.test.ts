import { describe, expect, it } from "vitest";
import { appBuildSettings, asAppRouteModule, twinOf } from "./app-build.ts";

describe("the native app's build", () => {
  it("names a module's twin for the app", () => {
    expect(twinOf("/app/lib/config.server.ts")).toBe("/app/lib/config.app.ts");
    expect(twinOf("/app/lib/credentials.ts")).toBe("/app/lib/credentials.app.ts");
    expect(twinOf("/app/lib/report-error.client.ts")).toBe("/app/lib/report-error.client.app.ts");
    expect(twinOf("/app/components/header.tsx")).toBe("/app/components/header.app.tsx");
  });

  it("runs a route's loader, action and middleware in the webview through the adapters", () => {
    const route = [
      'import { x } from "./x.ts";',
      "export const middleware: Route.MiddlewareFunction[] = [rules];",
      "export async function loader({ context }: Route.LoaderArgs) { return 1; }",
      "export async function action({ request }: Route.ActionArgs) { return 2; }",
      "export default function Page() { return null; }",
      "export function loaderHint() {}",
    ].join("\n");
    const app = asAppRouteModule(route, false);
    expect(app).toContain("const middleware: Route.MiddlewareFunction[] = [rules];");
    expect(app).toContain("async function loader({ context }");
    expect(app).not.toMatch(/export (async function|const) (loader|action|middleware)\b/);
    expect(app).toContain("export const clientLoader = appLoader(loader);");
    expect(app).toContain("export const clientAction = appAction(action);");
    expect(app).toContain("export const clientMiddleware = appMiddleware(middleware);");
    expect(app).toMatch(/^import \{ appLoader, appAction, appMiddleware \} from ".*app-route-exports\.ts";/);
    // Other exports stay as they are; only the root gets the fallback shown before its first data.
    expect(app).toContain("export function loaderHint() {}");
    expect(app).not.toContain("HydrateFallback");
    expect(asAppRouteModule("export default function Root() {}", true)).toContain(
      "export function HydrateFallback()",
    );
    expect(asAppRouteModule("export default function Page() {}", false)).toBe(
      "export default function Page() {}",
    );
  });

  it("needs the storefront's origin, over https but on localhost", () => {
    expect(() => appBuildSettings({})).toThrow(/APP_SERVER_ORIGIN/);
    expect(() => appBuildSettings({ APP_SERVER_ORIGIN: "http://shop.example" })).toThrow(/https is required/);
    expect(appBuildSettings({ APP_SERVER_ORIGIN: "https://shop.example/", PARTNER_CODE: "acme" })).toEqual({
      serverOrigin: "https://shop.example",
      partnerCode: "acme",
      buildVersion: "dev",
      updatesUrl: null,
      pushProjectId: null,
    });
    expect(appBuildSettings({ APP_SERVER_ORIGIN: "http://127.0.0.1:3111" }).serverOrigin).toBe(
      "http://127.0.0.1:3111",
    );
  });
});
