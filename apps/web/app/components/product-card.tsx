import { formatMoney, imageSizes, quickAddProblem } from "@storefront/domain";
import { Link, useNavigate } from "react-router";
import { useCart } from "../lib/cart.tsx";
import type { MenuProduct } from "../lib/catalogue-view.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { ProductFactIcons } from "./dietary.tsx";
import { Icon } from "./icons.tsx";
import { Picture } from "./picture.tsx";
import { StateButton, useButtonState } from "./state-button.tsx";

export function formatWeight(
  product: Pick<MenuProduct, "weight" | "weightUnit">,
  t: ReturnType<typeof useT>,
): string {
  if (product.weightUnit === "ml") return t("product.weight.ml", { value: product.weight });
  if (product.weightUnit === "pcs") return t("product.weight.pcs", { value: product.weight });
  return t("product.weight.g", { value: product.weight });
}

export function PriceTag({
  price,
  originalPrice,
  currencyCode,
}: {
  price: number;
  originalPrice: number;
  currencyCode: string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className={`font-semibold ${price < originalPrice ? "text-brand" : ""}`}>
        {formatMoney(price, currencyCode, locale)}
      </span>
      {price < originalPrice && (
        <s className="text-sm text-ink-soft">
          <span className="sr-only">{t("product.oldPrice")}</span>
          {formatMoney(originalPrice, currencyCode, locale)}
        </s>
      )}
    </span>
  );
}

/** A product of a menu; opening it shows its options. */
export function ProductCard({ product, href }: { product: MenuProduct; href: string }) {
  const t = useT();
  return (
    <article
      className={`link-card relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5 ${product.available ? "" : "opacity-70"}`}
    >
      <div className="relative">
        <Picture
          source={product.image}
          sizes={imageSizes({ 1152: "270px", 768: "30vw" }, "50vw")}
          className="aspect-[3/2] w-full object-cover"
        />
        {product.discount > 0 && (
          <span className="absolute start-2 top-2 rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-brand-ink">
            −{product.discount}%
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 font-medium leading-snug">
          <Link to={href} preventScrollReset className="link-card-target">
            {product.name}
          </Link>
        </h3>
        <p className="text-sm text-ink-soft">{formatWeight(product, t)}</p>
        <ProductFactIcons product={product} />
        <div className="mt-auto flex items-end justify-between gap-2 pt-1">
          {product.available ? (
            <PriceTag
              price={product.price}
              originalPrice={product.originalPrice}
              currencyCode={product.currencyCode}
            />
          ) : (
            <span className="text-sm font-medium text-ink-soft">{t("product.unavailable")}</span>
          )}
          {product.available && <QuickAddButton product={product} href={href} />}
        </div>
      </div>
    </article>
  );
}

/**
 * Adds one unit straight from the menu (section 5): a product with a required choice opens instead,
 * and one whose single-pick multi-selection group cannot be filled by default says so.
 */
function QuickAddButton({ product, href }: { product: MenuProduct; href: string }) {
  const t = useT();
  const navigate = useNavigate();
  const cart = useCart();
  const [state, setState] = useButtonState();
  return (
    <StateButton
      type="button"
      state={state}
      aria-label={t("product.addNamed", { name: product.name })}
      className="relative z-10 grid size-11 shrink-0 place-items-center rounded-full bg-brand-soft text-brand hover:bg-brand hover:text-brand-ink"
      onClick={async () => {
        const problem = quickAddProblem(product);
        if (problem === "DEFAULT_NOT_SELECTED") {
          navigate(href, { preventScrollReset: true });
          return;
        }
        if (problem === "VALIDATION_FAILED") {
          cart.showAlert({
            title: t("product.chooseOptions"),
            buttons: [{ label: t("common.understood"), onClick: () => cart.showAlert(null) }],
          });
          return;
        }
        setState("loading");
        const added = await cart.add({
          vendorId: product.vendorId,
          productId: product.id,
          count: 1,
          components: [],
          checkInfo: { price: product.price },
        });
        setState(added ? "complete" : "ready");
      }}
    >
      <Icon name="plus" />
    </StateButton>
  );
}
