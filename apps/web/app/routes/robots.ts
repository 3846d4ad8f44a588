import { storefrontOriginOf } from "../lib/api.server.ts";
import type { Route } from "./+types/robots";

/** What crawlers may read on the partner's host: the storefront, not the staff's or couriers' apps. */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = storefrontOriginOf(request).origin;
  const text = [
    "User-agent: *",
    "Disallow: /console/",
    "Disallow: /courier/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(text, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
