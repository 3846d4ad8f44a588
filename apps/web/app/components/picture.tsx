import type { ChosenImage } from "@storefront/domain";

/**
 * How a picture loads. `lcp`: the page's largest picture on the first screen, fetched first (React
 * also preloads it in the document's head, with its srcset and sizes). `eager`: shown at once but
 * not the largest (a modal's picture, the vendor's avatar). `lazy`: everything else, fetched as
 * it nears the screen.
 */
export type PictureLoading = "lcp" | "eager" | "lazy";

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
      src={chosen.src}
      srcSet={chosen.srcSet}
      sizes={chosen.srcSet ? sizes : undefined}
      width={chosen.width}
      height={chosen.height}
      alt={alt}
      loading={loading === "lazy" ? "lazy" : undefined}
      fetchPriority={loading === "lcp" ? "high" : undefined}
      decoding={loading === "lcp" ? undefined : "async"}
      className={className}
    />
  );
}
