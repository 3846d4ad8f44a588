import { brandContrast } from "@storefront/domain/brand";
import { escapeMarkup } from "@storefront/domain/markup";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { brandPictureUrl } from "../partners/brand-pictures.ts";
import type { Partner } from "./partner.ts";
import { hostSinglePageBuild } from "./single-page-host.ts";
import { UNKNOWN_HOST_PAGE } from "./web-host.ts";

/** The app's name on the phone's home screen and in its title bar. */
const appName = (partner: Partner) => `${partner.publicInfo.platformName} Courier`;

/**
 * What the page tells the app about its partner, in meta tags (no script, so the page's policy is
 * the same for every partner): the code its API calls carry, its names, the brand colour as buttons
 * show it (the storefront's readable shade under white text), the map tiles; and its icon.
 */
function partnerMeta(partner: Partner): string {
  const meta = (name: string, content: string) =>
    `<meta name="${name}" content="${escapeMarkup(content)}" />`;
  const icon = escapeMarkup(brandPictureUrl(partner, "icon-192.png"));
  return [
    meta("partner-code", partner.code),
    meta("partner-name", partner.publicInfo.platformName),
    meta("application-name", appName(partner)),
    meta("theme-color", partner.settings.brandColour),
    meta("brand-colour", brandContrast(partner.settings.brandColour).shown),
    meta("map-tiles", partner.settings.mapTileUrl),
    // The partner's icon in the browser's tab and on a home screen that reads no manifest (iOS).
    `<link rel="icon" type="image/png" sizes="192x192" href="${icon}" />`,
    `<link rel="apple-touch-icon" href="${icon}" />`,
  ].join("\n    ");
}

/**
 * Serves the courier app (apps/courier's build) under /courier/ on each partner's host: its page
 * filled in with the host's partner, and its web app manifest under that partner's name, colour
 * and icons, so each partner's couriers install their own. A host that serves no partner answers
 * the storefront's plain 404 page. Returns false when there is no build.
 */
export async function hostCourierBuild(app: FastifyInstance, buildDir: string): Promise<boolean> {
  /** The partner of the request's host (a trusted proxy's X-Forwarded-Host), as for the storefront. */
  const partnerOf = async (request: FastifyRequest): Promise<Partner | null> => {
    const code = await app.services.partnerHosts.partnerCodeOf(request.hostname);
    return code ? app.services.partners.find(code) : null;
  };

  const hosted = await hostSinglePageBuild(app, {
    root: buildDir,
    prefix: "/courier/",
    metricsRoute: "courier",
    // Map tiles from the partner's tile server; the proof photo's preview is a data: URL.
    imgSrc: "'self' data: blob: https:",
    async page(request, reply, html) {
      const partner = await partnerOf(request);
      if (!partner) {
        await reply
          .code(404)
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-store")
          .send(UNKNOWN_HOST_PAGE);
        return null;
      }
      return html
        .replace("<!-- partner -->", partnerMeta(partner))
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeMarkup(appName(partner))}</title>`);
    },
  });
  if (!hosted) return false;

  app.get(
    "/courier/manifest.webmanifest",
    { schema: { hide: true }, config: { metricsRoute: "courier" } },
    async (request, reply) => {
      const partner = await partnerOf(request);
      if (!partner) return reply.callNotFound();
      const manifest = {
        name: appName(partner),
        short_name: appName(partner),
        start_url: "/courier/",
        scope: "/courier/",
        display: "standalone",
        orientation: "portrait",
        background_color: "#ffffff",
        theme_color: partner.settings.brandColour,
        // The storefront's icons: the partner's brand, drawn once for both apps.
        icons: [
          {
            src: brandPictureUrl(partner, "icon-192.png"),
            sizes: "192x192",
            type: "image/png",
            purpose: "any",
          },
          {
            src: brandPictureUrl(partner, "icon-512.png"),
            sizes: "512x512",
            type: "image/png",
            purpose: "any",
          },
        ],
      };
      return (
        reply
          .type("application/manifest+json; charset=utf-8")
          // A changed brand shows within minutes (the icons' own addresses change with it).
          .header("cache-control", "public, max-age=300")
          .send(JSON.stringify(manifest))
      );
    },
  );
  return true;
}
