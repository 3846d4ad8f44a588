import { chooseImageVariant, type ImageConfig } from "@storefront/domain";

/**
 * An image variant sized for its slot, with the other variants in srcset; width and height come
 * from the variant so the layout never shifts.
 */
export function Picture({
  image,
  width,
  sizes,
  alt = "",
  eager = false,
  className = "",
  fallback = "/default-product.svg",
}: {
  image: ImageConfig | null;
  width: number;
  sizes: string;
  alt?: string;
  eager?: boolean;
  className?: string;
  fallback?: string;
}) {
  const chosen = image ? chooseImageVariant(image, width) : { src: fallback, width: 600, height: 400 };
  return (
    <img
      src={chosen.src}
      srcSet={chosen.srcSet}
      sizes={chosen.srcSet ? sizes : undefined}
      width={chosen.width}
      height={chosen.height}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={className}
    />
  );
}
