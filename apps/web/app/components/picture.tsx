import type { ChosenImage } from "@storefront/domain";
import { mediaSrcSet, mediaUrl } from "../lib/media-url.ts";

/**
 * How a picture loads. `lcp`: the page's largest picture on the first screen, fetched first (React
 * also preloads it in the document's head, with its srcset and sizes) and painted before the page's
 * scripts are fetched. `eager`: shown at once but not the largest (a modal's picture, the vendor's
 * avatar). `lazy`: everything else, fetched as it nears the screen.
 */
export type PictureLoading = "lcp" | "eager" | "lazy";

declare module "react" {
  interface ImgHTMLAttributes<T> {
    /** Element Timing's name of a picture whose paint the browser reports (lib/scripts-after-first-frame). */
    elementtiming?: string;
  }
}

let nearScreen: IntersectionObserver | null = null;

/**
 * A lazy picture starts loading once it is within a screen's height below the screen (§9: lazy
 * images have a 100% bottom margin). Browsers choose their own distance for `loading="lazy"`
 * (Chromium 1,250 px or more, Safari and Firefox closer); this observer makes it at least one
 * screen, so pictures are there when a phone's fast scroll reaches them. Without scripts the
 * browser's own distance stands.
 */
function loadWithinAScreen(img: HTMLImageElement | null): (() => void) | undefined {
  if (img?.loading !== "lazy" || typeof IntersectionObserver === "undefined") return;
  nearScreen ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        (entry.target as HTMLImageElement).loading = "eager";
        nearScreen?.unobserve(entry.target);
      }
    },
    { rootMargin: "0px 0px 100% 0px" },
  );
  nearScreen.observe(img);
  return () => nearScreen?.unobserve(img);
}

/**
 * A picture sized for its slot (`imageSource` in lib/catalogue-view.ts chose the variants); width
 * and height come from the variant so the layout never shifts.
 */
export function Picture({
  source,
  sizes,
  alt = "",
  loading = "lazy",
  className = "",
  fallback = "/default-product.svg",
}: {
  source: ChosenImage | null;
  sizes: string;
  alt?: string;
  loading?: PictureLoading;
  className?: string;
  fallback?: string;
}) {
  const chosen = source ?? { src: fallback, width: 600, height: 400 };
  return (
    <img
      src={mediaUrl(chosen.src)}
      srcSet={mediaSrcSet(chosen.srcSet)}
      sizes={chosen.srcSet ? sizes : undefined}
      width={chosen.width}
      height={chosen.height}
      alt={alt}
      loading={loading === "lazy" ? "lazy" : undefined}
      ref={loading === "lazy" ? loadWithinAScreen : undefined}
      fetchPriority={loading === "lcp" ? "high" : undefined}
      elementtiming={loading === "lcp" ? "first-screen" : undefined}
      decoding={loading === "lcp" ? undefined : "async"}
      className={className}
    />
  );
}
