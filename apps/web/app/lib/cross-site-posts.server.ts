import type { MiddlewareFunction } from "react-router";
import { storefrontOriginOf } from "./api.server.ts";

/** Methods that change nothing, which any site may send. */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request that may change something (a form's post to a page's action) was made by a page
 * of another site: as the browser says in `Sec-Fetch-Site` (only its own origin, or the visitor
 * themselves, may post), else, from a browser older than that header, as its `Origin` says against
 * the page's own host and the storefront's address. A client that sends neither is no browser, and
 * no page of another site can make it post.
 */
export function postedFromAnotherSite(request: Request, ownOrigin: string): boolean {
  if (READS.has(request.method)) return false;
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  if (!origin) return false;
  return origin !== ownOrigin && origin !== new URL(request.url).origin;
}

/**
 * Root middleware: a post to a page's action from another site's page gets 403 before the action
 * runs. Cookies sent with it are already left out (SameSite=Lax), but an action that sets them
 * (the delivery address chosen) would have taken another site's choice. The browsers' error reports
 * change nothing for anyone, and the native app sends them from its own origin.
 */
export const refuseCrossSitePosts: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (READS.has(request.method)) return next();
  if (
    new URL(request.url).pathname !== "/client-errors" &&
    postedFromAnotherSite(request, storefrontOriginOf(request).origin)
  )
    return new Response("A page of another site cannot post here", { status: 403 });
  return next();
};
