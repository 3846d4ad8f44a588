/** Title plus social-preview tags, with the 1500x1500 preview image. */
export function socialMeta({
  title,
  description,
  image = "/social-preview.png",
}: {
  title: string;
  description: string;
  image?: string;
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
