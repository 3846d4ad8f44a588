/** What page meta needs from the locale layout: the platform's name and the site's origin. */
export function layoutMeta(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): {
  platform: string;
  origin: string;
} {
  const layout = matches.find((m) => m?.id === "locale")?.data as
    | { params?: { publicInfo: { platformName: string } } | null; origin?: string }
    | undefined;
  return { platform: layout?.params?.publicInfo.platformName ?? "", origin: layout?.origin ?? "" };
}

/** Title plus social-preview tags, with the 1500x1500 preview image as an absolute URL. */
export function socialMeta({
  title,
  description,
  origin,
}: {
  title: string;
  description: string;
  origin: string;
}) {
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:image", content: `${origin}/social-preview.png` },
    { property: "og:image:width", content: "1500" },
    { property: "og:image:height", content: "1500" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
