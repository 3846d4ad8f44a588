import { randomBytes } from "node:crypto";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { browserApiBase, webConfig } from "./lib/config.server.ts";
import { contentSecurityPolicy } from "./lib/content-security.server.ts";
import { NonceContext } from "./lib/nonce.ts";
import { framedOrigins } from "./lib/partner-frames.ts";
import { scriptsAfterFirstFrame } from "./lib/scripts-after-first-frame.server.ts";
import { searchHeaders } from "./lib/search-addresses.server.ts";

/** React Router's own Node entry, with a Content-Security-Policy and its nonce on every page. */

/** The API process hosting this build calls it to serve the loaders' API calls in process. */
export { connectInProcessApi } from "./lib/api.server.ts";

export const streamTimeout = 5_000;

type LayoutParams = {
  theme?: { mapTileUrl?: string; logoUrl?: string | null };
  customerFirebaseOTPSettings?: Record<string, string> | null;
  publicInfo?: { links?: Parameters<typeof framedOrigins>[0] };
};

/** The language's catalogue the page reads before it hydrates, as the root loader named it (decision 0190). */
function catalogueOf(routerContext: EntryContext): string[] {
  const root = routerContext.staticHandlerContext.loaderData.root as { catalogue?: string } | undefined;
  return root?.catalogue ? [root.catalogue] : [];
}

/** The partner's configuration as the locale layout loaded it: what the page may show from elsewhere. */
function paramsOf(routerContext: EntryContext): LayoutParams {
  const layout = routerContext.staticHandlerContext.loaderData.locale as
    | { params?: LayoutParams | null }
    | undefined;
  return layout?.params ?? {};
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const { matches, loaderData } = routerContext.staticHandlerContext;
  const layout = loaderData.locale as { origin?: string; locale?: string } | undefined;
  const search = searchHeaders({
    status: responseStatusCode,
    routeIds: matches.map((match) => match.route.id),
    params: matches.at(-1)?.params ?? {},
    origin: layout?.origin,
    locale: layout?.locale,
  });
  for (const [name, value] of Object.entries(search)) responseHeaders.set(name, value);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = randomBytes(16).toString("base64");
  const pageUrl = new URL(request.url);
  const partner = paramsOf(routerContext);
  const theme = partner.theme ?? {};
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy({
      nonce,
      pageUrl,
      apiBase: browserApiBase(pageUrl),
      mapTileUrl: theme.mapTileUrl,
      logoUrl: theme.logoUrl,
      mediaUrl: webConfig.mediaPublicUrl,
      frameAncestors: webConfig.frameAncestors,
      frameSources: framedOrigins(partner.publicInfo?.links),
      updatesUrl: webConfig.updatesUrl,
      firebase: partner.customerFirebaseOTPSettings,
    }),
  );

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA mode wait for all content, so they get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        // React's own inline scripts (streamed Suspense boundaries) carry the nonce too.
        nonce,
        [readyOption]() {
          shellRendered = true;
          // React's destination, and the page's body: its scripts wait for its first frame.
          const body = scriptsAfterFirstFrame(catalogueOf(routerContext));
          body.once("finish", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell are logged by React Router; these came while streaming.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
