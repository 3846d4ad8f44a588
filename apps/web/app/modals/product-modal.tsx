import { DIETS, formatMoney, imageSizes, PRODUCT_TAGS, type ProductTag } from "@storefront/domain";
import { endpoints } from "@storefront/domain/endpoints";
import { useEffect, useMemo, useState } from "react";
import { useRouteLoaderData, useSearchParams } from "react-router";
import { ProductFacts } from "../components/dietary.tsx";
import { FavouriteButton } from "../components/favourite-button.tsx";
import { Modal } from "../components/modal.tsx";
import { useCloseModal } from "../components/modal-host.tsx";
import { Picture } from "../components/picture.tsx";
import { formatWeight, PriceTag } from "../components/product-card.tsx";
import { StateButton, useButtonState } from "../components/state-button.tsx";
import { clientGet } from "../lib/api.client.ts";
import { useCart } from "../lib/cart.tsx";
import { type MenuProduct, type MenuSection, menuProductOf } from "../lib/catalogue-view.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { chosenOptionsProblem, optionsTotal } from "../lib/product-options.ts";
import { useStorefront } from "../lib/storefront.ts";

/** The product of the `product` query parameter: from the open menu, else from the API. */
function useProduct(id: number): MenuProduct | null | "failed" {
  const vendorPage = useRouteLoaderData("locality-vendor-id") as
    | { vendor: { popularProducts: MenuProduct[] }; catalogue: { sections: MenuSection[] } }
    | undefined;
  const fromMenu =
    [
      ...(vendorPage?.catalogue.sections.flatMap((s) => s.products) ?? []),
      ...(vendorPage?.vendor.popularProducts ?? []),
    ].find((p) => p.id === id) ?? null;
  const { client } = useStorefront();
  const locale = useLocale();
  const [fetched, setFetched] = useState<MenuProduct | null | "failed">(null);
  useEffect(() => {
    if (fromMenu || !Number.isInteger(id) || id <= 0) return;
    clientGet(client, endpoints.products.get(id), locale).then(
      (product) => setFetched(menuProductOf(product)),
      () => setFetched("failed"),
    );
  }, [fromMenu, id, client, locale]);
  return fromMenu ?? fetched;
}

const isKnownTag = (tag: string): tag is ProductTag => (PRODUCT_TAGS as readonly string[]).includes(tag);
/** Diets and heat have their own chips; the rest (new, a hit, for children) are listed as tags. */
const isOtherTag = (tag: string) => !(DIETS as readonly string[]).includes(tag) && tag !== "SPICY";

export default function ProductModal() {
  const t = useT();
  const locale = useLocale();
  const close = useCloseModal();
  const [search] = useSearchParams();
  const product = useProduct(Number(search.get("product")));
  const { user } = useStorefront();
  const [chosen, setChosen] = useState<Record<number, number[]>>({});
  const [count, setCount] = useState(1);
  const [showProblems, setShowProblems] = useState(false);
  const [addState, setAddState] = useButtonState();
  const cart = useCart();

  const total = useMemo(
    () => (product && product !== "failed" ? (product.price + optionsTotal(product, chosen)) * count : 0),
    [product, chosen, count],
  );

  if (product === "failed") {
    return (
      <Modal title={t("error.other.title")} onClose={close}>
        <p className="p-5">{t("product.notFound")}</p>
      </Modal>
    );
  }
  if (!product) return null;

  const toggle = (groupId: number, optionId: number, single: boolean) =>
    setChosen((current) => {
      const picked = current[groupId] ?? [];
      if (single) return { ...current, [groupId]: [optionId] };
      return {
        ...current,
        [groupId]: picked.includes(optionId) ? picked.filter((id) => id !== optionId) : [...picked, optionId],
      };
    });
  const problem = chosenOptionsProblem(product, chosen);

  return (
    <Modal
      title={product.name}
      onClose={close}
      size="lg"
      action={<FavouriteButton kind="products" id={product.id} name={product.name} look="plain" />}
    >
      <div className="md:grid md:grid-cols-2">
        <Picture
          source={product.image}
          sizes={imageSizes({ 768: "384px" }, "100vw")}
          loading="eager"
          className="aspect-[3/2] w-full object-cover"
        />
        <div className="flex flex-col gap-3 p-5">
          <p className="text-ink-soft">{product.description}</p>
          <p className="text-sm text-ink-soft">{formatWeight(product, t)}</p>
          <ProductFacts product={product} />
          {product.tags.some(isOtherTag) && (
            <ul className="flex flex-wrap gap-1.5" aria-label={t("product.tags")}>
              {product.tags.filter(isOtherTag).map((tag) => (
                <li key={tag} className="rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-medium">
                  {isKnownTag(tag) ? t(`tag.${tag}`) : tag}
                </li>
              ))}
            </ul>
          )}
          <PriceTag
            price={product.price}
            originalPrice={product.originalPrice}
            currencyCode={product.currencyCode}
          />
          {user?.healthyLifestyle && product.nutritionFacts && (
            <dl className="mt-1 grid grid-cols-4 gap-2 rounded-2xl bg-surface p-3 text-center text-sm">
              {(
                [
                  ["product.calories", product.nutritionFacts.calories],
                  ["product.proteins", product.nutritionFacts.proteins],
                  ["product.fats", product.nutritionFacts.fats],
                  ["product.carbohydrates", product.nutritionFacts.carbohydrates],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-ink-soft">{t(label)}</dt>
                  <dd className="font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>
      <form
        className="border-t border-line p-5"
        onSubmit={async (event) => {
          event.preventDefault();
          setShowProblems(true);
          if (problem || !product.available) return;
          setAddState("loading");
          const added = await cart.add({
            vendorId: product.vendorId,
            productId: product.id,
            count,
            components: Object.values(chosen)
              .flat()
              .map((id) => ({ id, count: 1 })),
            // The unit price the customer sees: a changed one is asked about before it goes in.
            checkInfo: { price: product.price + optionsTotal(product, chosen) },
          });
          setAddState(added ? "complete" : "ready");
          if (added) close();
        }}
      >
        {product.componentGroups.map((group) => {
          const picked = chosen[group.id] ?? [];
          const single = !group.multiSelection;
          const full = !single && picked.length >= group.maxCount;
          const missing = showProblems && problem?.groupId === group.id;
          return (
            <fieldset key={group.id} className="mb-5" aria-describedby={`group-hint-${group.id}`}>
              <legend className="font-semibold">
                {group.name}
                {group.required && (
                  <span className="ms-2 text-sm font-normal text-brand">{t("product.required")}</span>
                )}
              </legend>
              <p
                id={`group-hint-${group.id}`}
                className={`text-sm ${missing ? "text-red-700" : "text-ink-soft"}`}
              >
                {single ? t("product.chooseOne") : t("product.chooseUpTo", { count: group.maxCount })}
              </p>
              <div className="mt-2 grid gap-1.5">
                {group.components.map((option) => {
                  const checked = picked.includes(option.id);
                  return (
                    <label
                      key={option.id}
                      className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 ${checked ? "border-brand bg-brand-soft" : "border-line"} ${!checked && full ? "opacity-50" : ""}`}
                    >
                      <input
                        type={single ? "radio" : "checkbox"}
                        name={`group-${group.id}`}
                        value={option.id}
                        checked={checked}
                        disabled={!option.available || (!checked && full)}
                        required={single && group.required}
                        onChange={() => toggle(group.id, option.id, single)}
                        className="size-5 accent-[var(--brand)]"
                      />
                      <span className="flex-1">{option.name}</span>
                      {option.price > 0 && (
                        <span className="text-sm text-ink-soft">
                          +{formatMoney(option.price, product.currencyCode, locale)}
                        </span>
                      )}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
        <div className="flex items-center gap-3">
          <fieldset className="flex items-center rounded-full border border-line">
            <legend className="sr-only">{t("product.quantity")}</legend>
            <button
              type="button"
              className="grid size-11 place-items-center text-xl"
              aria-label={t("product.less")}
              onClick={() => setCount((c) => Math.max(1, c - 1))}
              disabled={count <= 1}
            >
              −
            </button>
            <output className="w-8 text-center font-semibold" aria-live="polite">
              {count}
            </output>
            <button
              type="button"
              className="grid size-11 place-items-center text-xl"
              aria-label={t("product.more")}
              onClick={() => setCount((c) => Math.min(99, c + 1))}
            >
              +
            </button>
          </fieldset>
          <StateButton
            type="submit"
            state={addState}
            disabled={!product.available}
            className="ms-auto flex min-h-12 flex-1 items-center justify-center rounded-full bg-brand px-5 font-semibold text-brand-ink disabled:opacity-50"
          >
            {product.available ? t("product.addToCart") : t("product.unavailable")}
            <span className="ms-2 font-normal">
              <span className="sr-only">{t("product.total")} </span>
              {formatMoney(total, product.currencyCode, locale)}
            </span>
          </StateButton>
        </div>
      </form>
    </Modal>
  );
}
