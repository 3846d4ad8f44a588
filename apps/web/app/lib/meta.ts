import { isSupportedLocale } from "@storefront/domain";
import { catalogueRead } from "./catalogue.ts";
import { createI18n, type MessageKey } from "./i18n.ts";

/**
 * What page meta needs from the locale layout: the platform's name and the partner's
 * social-preview image as an absolute URL on the site's origin.
 */
export function layoutMeta(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): {
  platform: string;
  image: string;
} {
  const layout = matches.find((m) => m?.id === "locale")?.data as
    | {
        params?: { publicInfo: { platformName: string }; theme: { socialPreviewUrl: string } } | null;
        origin?: string;
      }
    | undefined;
  const origin = layout?.origin ?? "";
  return {
    platform: layout?.params?.publicInfo.platformName ?? "",
    image: `${origin}${layout?.params?.theme.socialPreviewUrl ?? "/social-preview.png"}`,
  };
}

/** Title plus social-preview tags, with the partner's 1500x1500 preview image as an absolute URL. */
export function socialMeta({
  title,
  description,
  image,
}: {
  title: string;
  description: string;
  image: string;
}) {
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1500" },
    { property: "og:image:height", content: "1500" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/**
 * A text of the page's language for meta, which runs outside the React tree: from the catalogue of
 * the root's language (read before the page renders), for titles no loader of the page translated.
 */
export function metaText(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
  key: MessageKey,
): string {
  const root = matches.find((m) => m?.id === "root")?.data as { locale?: string } | undefined;
  if (!root?.locale || !isSupportedLocale(root.locale)) return "";
  const messages = catalogueRead(root.locale);
  return messages ? createI18n(root.locale, messages)._(key) : "";
}
