import { keepCookie, loadVisitorStore } from "./app-visitor-store.ts";
import { appVersionCookie, platformCookie } from "./cookies.server.ts";
import { nativeDevice } from "./native-device.ts";

/**
 * The app's build runs a route's server exports in the webview (vite/app-build.ts): these adapters
 * wait for the app's stored visitor (its preferences) before the first one runs. The cookies they
 * set go to that store as they are set (`visitor-cookies.app.ts`), never through a `Response`,
 * whose `Set-Cookie` a browser drops.
 */

let starting: Promise<void> | null = null;

/**
 * Before the first loader: the stored visitor, and the shell's platform and version where the web
 * keeps those the launcher gave (`?platform=`, `?appVersion=`).
 */
function ready(): Promise<void> {
  starting ??= (async () => {
    await loadVisitorStore();
    const device = nativeDevice();
    keepCookie(await platformCookie.serialize(device.platform));
    const version = await device.appVersion();
    if (version) keepCookie(await appVersionCookie.serialize(version));
  })();
  return starting;
}

type Handler<Args, Result> = (args: Args) => Promise<Result>;

function adapt<Args, Result>(handler: Handler<Args, Result>): Handler<Args, Result> {
  return async (args) => {
    await ready();
    return handler(args);
  };
}

export const appLoader = adapt;
export const appAction = adapt;

type ServerMiddleware<Args> = (
  args: Args,
  next: () => Promise<Response>,
) => Promise<Response | undefined | undefined>;

/**
 * A server middleware as a client one: in the webview `next()` answers with the routes' data, not
 * a `Response`, so the middleware is handed a blank response to set its cookies on.
 */
export function appMiddleware<Args>(middleware: ServerMiddleware<Args>[]) {
  return middleware.map((run) => async (args: Args, next: () => Promise<unknown>) => {
    await ready();
    let result: unknown;
    await run(args, async () => {
      result = await next();
      return new Response(null);
    });
    return result;
  });
}
