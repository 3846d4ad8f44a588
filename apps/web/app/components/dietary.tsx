import { type Allergen, DIETS, type Diet, SPICY_LEVELS, type SpicyLevel } from "@storefront/domain";
import {
  Bean,
  Droplet,
  Egg,
  Fish,
  Flame,
  Flower,
  Leaf,
  LeafyGreen,
  type LucideIcon,
  Milk,
  Moon,
  Nut,
  Shell,
  Shrimp,
  Sprout,
  TreeDeciduous,
  Vegan,
  Wheat,
  WheatOff,
  Wine,
} from "lucide-react";
import type { MenuProduct } from "../lib/catalogue-view.ts";
import { type MessageKey, useT } from "../lib/i18n.ts";

/** Lucide's line icons (ISC), drawn with currentColor like ours. */
export const ALLERGEN_ICONS: Record<Allergen, LucideIcon> = {
  GLUTEN: Wheat,
  CRUSTACEANS: Shrimp,
  EGGS: Egg,
  FISH: Fish,
  PEANUTS: Nut,
  SOYBEANS: Bean,
  MILK: Milk,
  TREE_NUTS: TreeDeciduous,
  CELERY: LeafyGreen,
  MUSTARD: Droplet,
  SESAME: Sprout,
  SULPHITES: Wine,
  LUPIN: Flower,
  MOLLUSCS: Shell,
};

export const DIET_ICONS: Record<Diet, LucideIcon> = {
  VEGETARIAN: Leaf,
  VEGAN: Vegan,
  HALAL: Moon,
  GLUTEN_FREE: WheatOff,
};

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
        <Flame key={flame} aria-hidden className={`${className} text-red-600`} />
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
        const DietIcon = DIET_ICONS[diet];
        return (
          <li key={diet} className="text-green-700">
            <DietIcon role="img" aria-label={t(`tag.${diet}`)} className={icon}>
              <title>{t(`tag.${diet}`)}</title>
            </DietIcon>
          </li>
        );
      })}
      {product.spicyLevel > 0 && (
        <li>
          <SpicyFlames level={product.spicyLevel as Exclude<SpicyLevel, 0>} className={icon} />
        </li>
      )}
      {allergens.map((allergen) => {
        const AllergenIcon = ALLERGEN_ICONS[allergen];
        const label = t("product.contains", { name: t(allergenName(allergen)) });
        return (
          <li key={allergen}>
            <AllergenIcon role="img" aria-label={label} className={icon}>
              <title>{label}</title>
            </AllergenIcon>
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
            const DietIcon = DIET_ICONS[diet];
            return (
              <li key={diet} className={`${chip} bg-green-50 text-green-800`}>
                <DietIcon aria-hidden className="size-4" />
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
              const AllergenIcon = ALLERGEN_ICONS[allergen];
              return (
                <li key={allergen} className={`${chip} bg-amber-50 text-amber-900`}>
                  <AllergenIcon aria-hidden className="size-4" />
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
