import { describe, expect, it } from "vitest";
import { socialMeta } from "./meta.ts";

describe("socialMeta", () => {
  it("gives the title, the description and the 1500 × 1500 preview picture to every kind of preview", () => {
    const tags = socialMeta({
      title: "Dostavka — Riga",
      description: "Restaurants and stores of Riga, delivered",
      image: "https://shop.example/social-preview.png",
    });
    expect(tags).toEqual([
      { title: "Dostavka — Riga" },
      { name: "description", content: "Restaurants and stores of Riga, delivered" },
      { property: "og:title", content: "Dostavka — Riga" },
      { property: "og:description", content: "Restaurants and stores of Riga, delivered" },
      { property: "og:type", content: "website" },
      { property: "og:image", content: "https://shop.example/social-preview.png" },
      { property: "og:image:width", content: "1500" },
      { property: "og:image:height", content: "1500" },
      { name: "twitter:card", content: "summary_large_image" },
    ]);
  });
});
