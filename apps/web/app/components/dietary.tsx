import { type Allergen, DIETS, type Diet, SPICY_LEVELS, type SpicyLevel } from "@storefront/domain";
import type { MenuProduct } from "../lib/catalogue-view.ts";
import { type MessageKey, useT } from "../lib/i18n.ts";
import type { DietaryIconName } from "./dietary-icon-names.ts";
import sprite from "./dietary-icons.svg?no-inline";

/** Lucide's line icons (ISC) by their Lucide names, drawn from one cached sprite (`icon-sprite.ts`). */
export const ALLERGEN_ICONS: Record<Allergen, DietaryIconName> = {
  GLUTEN: "wheat",
  CRUSTACEANS: "shrimp",
  EGGS: "egg",
  FISH: "fish",
  PEANUTS: "nut",
  SOYBEANS: "bean",
  MILK: "milk",
  TREE_NUTS: "tree-deciduous",
  CELERY: "leafy-green",
  MUSTARD: "droplet",
  SESAME: "sprout",
  SULPHITES: "wine",
  LUPIN: "flower",
  MOLLUSCS: "shell",
};

export const DIET_ICONS: Record<Diet, DietaryIconName> = {
  VEGETARIAN: "leaf",
  VEGAN: "vegan",
  HALAL: "moon",
  GLUTEN_FREE: "wheat-off",
};

/**
 * A diet's, heat's or allergen's icon in Lucide's strokes, from the sprite: decorative unless given
 * a label, then an image named by it (and its title on hover).
 */
export function DietaryIcon({
  name,
  className,
  label,
}: {
  name: DietaryIconName;
  className: string;
  label?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {label && <title>{label}</title>}
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

export const allergenName = (allergen: Allergen): MessageKey => `allergen.${allergen}`;
const spicyName = (level: Exclude<SpicyLevel, 0>): MessageKey => `product.spicy.${level}`;

type Facts = Pick<MenuProduct, "tags" | "allergens" | "spicyLevel">;

const dietsOf = (product: Facts) => DIETS.filter((diet) => product.tags.includes(diet));

/** Flames, one to three, named for a screen reader. */
function SpicyFlames({ level, className }: { level: Exclude<SpicyLevel, 0>; className: string }) {
  const t = useT();
  return (
    <span role="img" aria-label={t(spicyName(level))} title={t(spicyName(level))} className="inline-flex">
      {SPICY_LEVELS.slice(1, level + 1).map((flame) => (
        <DietaryIcon key={flame} name="flame" className={`${className} text-red-600`} />
      ))}
    </span>
  );
}

/**
 * The card's line of facts: its diets and how hot it is, then the allergens it holds as icons, each
 * named (hover or a screen reader) "Contains milk".
 */
export function ProductFactIcons({ product }: { product: Facts }) {
  const t = useT();
  const diets = dietsOf(product);
  const allergens = product.allergens ?? [];
  if (diets.length === 0 && product.spicyLevel === 0 && allergens.length === 0) return null;
  const icon = "size-4 shrink-0";
  return (
    <ul className="flex flex-wrap items-center gap-1.5 text-ink-soft" aria-label={t("product.facts")}>
      {diets.map((diet) => {
        return (
          <li key={diet} className="text-green-700">
            <DietaryIcon name={DIET_ICONS[diet]} label={t(`tag.${diet}`)} className={icon} />
          </li>
        );
      })}
      {product.spicyLevel > 0 && (
        <li>
          <SpicyFlames level={product.spicyLevel as Exclude<SpicyLevel, 0>} className={icon} />
        </li>
      )}
      {allergens.map((allergen) => {
        const label = t("product.contains", { name: t(allergenName(allergen)) });
        return (
          <li key={allergen}>
            <DietaryIcon name={ALLERGEN_ICONS[allergen]} label={label} className={icon} />
          </li>
        );
      })}
    </ul>
  );
}

/** The product modal's facts: diets and heat as labelled chips, allergens with icon and name. */
export function ProductFacts({ product }: { product: Facts }) {
  const t = useT();
  const diets = dietsOf(product);
  const chip = "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium";
  return (
    <>
      {(diets.length > 0 || product.spicyLevel > 0) && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t("product.diets")}>
          {diets.map((diet) => {
            return (
              <li key={diet} className={`${chip} bg-green-50 text-green-800`}>
                <DietaryIcon name={DIET_ICONS[diet]} className="size-4" />
                {t(`tag.${diet}`)}
              </li>
            );
          })}
          {product.spicyLevel > 0 && (
            <li className={`${chip} bg-red-50 text-red-800`}>
              <SpicyFlames level={product.spicyLevel as Exclude<SpicyLevel, 0>} className="size-4" />
              <span aria-hidden>{t(spicyName(product.spicyLevel as Exclude<SpicyLevel, 0>))}</span>
            </li>
          )}
        </ul>
      )}
      <section aria-labelledby="product-allergens" className="text-sm">
        <h3 id="product-allergens" className="font-semibold">
          {t("product.allergens")}
        </h3>
        {product.allergens === null ? (
          <p className="mt-1 text-ink-soft">{t("product.allergens.unknown")}</p>
        ) : product.allergens.length === 0 ? (
          <p className="mt-1 text-ink-soft">{t("product.allergens.none")}</p>
        ) : (
          <ul className="mt-1.5 flex flex-wrap gap-1.5">
            {product.allergens.map((allergen) => {
              return (
                <li key={allergen} className={`${chip} bg-amber-50 text-amber-900`}>
                  <DietaryIcon name={ALLERGEN_ICONS[allergen]} className="size-4" />
                  {t(allergenName(allergen))}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
