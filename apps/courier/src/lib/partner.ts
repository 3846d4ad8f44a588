/** The partner whose couriers use this app: the host names it, and the server writes it in the page. */
export interface Partner {
  code: string;
  /** The partner's platform as its customers know it ("Dostavka"); the app is its couriers'. */
  platformName: string;
  /** The brand colour as buttons show it, readable under white text (the storefront's shade). */
  brandColour: string;
  /** The partner's map tiles ({z}/{x}/{y}), as the storefront's and the console's maps use them. */
  mapTileUrl: string;
}

/**
 * The partner the page was served for (apps/api/src/plugins/courier-host.ts writes it in meta tags);
 * null when there is none (the build opened by other means). `VITE_PARTNER_CODE` stands in for it
 * under Vite's development server.
 */
export function partnerOfPage(document: Document): Partner | null {
  const meta = (name: string) =>
    document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? "";
  const code = meta("partner-code") || import.meta.env.VITE_PARTNER_CODE || "";
  if (!code) return null;
  return {
    code,
    platformName: meta("partner-name") || document.title,
    brandColour: meta("brand-colour") || "#1d4ed8",
    mapTileUrl: meta("map-tiles") || "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  };
}
