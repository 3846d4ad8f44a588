import { isWebUrl } from "@storefront/domain";
import type { LocalityParams } from "@storefront/domain/contract";
import type { MessageKey } from "./i18n.ts";

type Links = LocalityParams["publicInfo"]["links"];

/** The partner's information pages: a web address among them opens in the embedded frame. */
export const FRAMED_LINKS = [
  "aboutUs",
  "termsOfUse",
  "privacyPolicy",
  "becomeACourier",
  "becomeAVendor",
] as const;
export type FramedLink = (typeof FRAMED_LINKS)[number];

/** Each link's name in the footer, and the embedded frame's title. */
export const FRAMED_LINK_TITLES: Record<FramedLink, MessageKey> = {
  aboutUs: "footer.about",
  termsOfUse: "footer.terms",
  privacyPolicy: "footer.privacy",
  becomeACourier: "footer.becomeCourier",
  becomeAVendor: "footer.becomeVendor",
};

/** The query parameter naming the link the embedded frame shows. */
export const FRAME_PARAM = "link";

export function isFramedLink(name: string | null): name is FramedLink {
  return (FRAMED_LINKS as readonly string[]).includes(name ?? "");
}

/**
 * The address the embedded frame shows for one of the partner's links: only an http(s) address (a
 * site path is our own page, anything else is never framed). The modal names the link, never the
 * address, so a crafted URL can only frame what the partner configured.
 */
export function framedAddress(links: Partial<Links> | null | undefined, name: FramedLink): string | null {
  const href = links?.[name];
  return isWebUrl(href) ? href : null;
}

/** The origins the page's Content-Security-Policy lets the frame load: those of the framed links. */
export function framedOrigins(links: Partial<Links> | null | undefined): string[] {
  const origins = FRAMED_LINKS.map((name) => framedAddress(links, name))
    .filter((href): href is string => href !== null && URL.canParse(href))
    .map((href) => new URL(href).origin);
  return [...new Set(origins)];
}
