import { SEARCH_MIN_CHARS } from "@storefront/domain";
import type { FavouriteProduct, SearchResults, VendorSummary } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { productModalHref } from "../components/favourite-product-card.tsx";
import { Modal } from "../components/modal.tsx";
import { useCloseModal } from "../components/modal-host.tsx";
import { Picture } from "../components/picture.tsx";
import { PriceTag } from "../components/product-card.tsx";
import { searchTextOf, useTrack } from "../lib/analytics.ts";
import { clientGet } from "../lib/api.client.ts";
import { imageSource } from "../lib/catalogue-view.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";

type Results =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "done"; found: SearchResults }
  | { state: "failed" };

const row = "flex items-center gap-3 rounded-xl p-2 hover:bg-black/5";

/** Search over the dishes and vendors of the current locality, dishes first. */
export default function HeaderSearch() {
  const t = useT();
  const locale = useLocale();
  const close = useCloseModal();
  const { client, locality } = useStorefront();
  const track = useTrack();
  const [text, setText] = useState("");
  const [results, setResults] = useState<Results>({ state: "idle" });
  const query = text.trim();

  useEffect(() => {
    if (query.length < SEARCH_MIN_CHARS || !locality) {
      setResults({ state: "idle" });
      return;
    }
    const controller = new AbortController();
    setResults({ state: "loading" });
    const timer = window.setTimeout(async () => {
      try {
        const found = await clientGet(
          client,
          endpoints.localities.searchResults(locality.code, { q: query }),
          locale,
          controller.signal,
        );
        setResults({ state: "done", found });
        track("search", {
          query: searchTextOf(query),
          results: found.dishes.length + found.vendors.length,
        });
      } catch {
        if (!controller.signal.aborted) setResults({ state: "failed" });
      }
    }, 300);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, client, locality, locale, track]);

  const found = results.state === "done" ? results.found : null;
  return (
    <Modal title={t("search.title")} onClose={close} size="lg">
      <div className="p-4">
        <label className="sr-only" htmlFor="header-search">
          {t("search.placeholder")}
        </label>
        <input
          id="header-search"
          type="search"
          // biome-ignore lint/a11y/noAutofocus: the search modal exists to type into
          autoFocus
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t("search.placeholder")}
          maxLength={100}
          className="min-h-12 w-full rounded-full border border-line bg-surface px-5 text-base focus:border-brand"
        />
        <div aria-live="polite" className="mt-4 grid min-h-40 content-start gap-4">
          {results.state === "idle" && (
            <p className="text-ink-soft">{t("search.minLength", { count: SEARCH_MIN_CHARS })}</p>
          )}
          {results.state === "loading" && <p className="text-ink-soft">{t("search.searching")}</p>}
          {results.state === "failed" && <p className="text-ink-soft">{t("search.failed")}</p>}
          {found && found.dishes.length + found.vendors.length === 0 && (
            <p className="text-ink-soft">{t("search.nothing", { query })}</p>
          )}
          {found && found.dishes.length > 0 && (
            <ResultSection title={t("search.dishes")}>
              {found.dishes.map((dish) => (
                <DishResult key={dish.id} dish={dish} />
              ))}
            </ResultSection>
          )}
          {found && found.vendors.length > 0 && (
            <ResultSection title={t("search.vendors")}>
              {found.vendors.map((vendor) => (
                <VendorResult key={vendor.id} vendor={vendor} />
              ))}
            </ResultSection>
          )}
        </div>
      </div>
    </Modal>
  );
}

function ResultSection({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-1 px-2 text-sm font-semibold uppercase tracking-wide text-ink-soft">
        {title}
      </h3>
      <ul className="grid gap-1">{children}</ul>
    </section>
  );
}

/** A dish: opening it shows the product's modal over its vendor's menu. */
function DishResult({ dish }: { dish: FavouriteProduct }) {
  const t = useT();
  const locale = useLocale();
  return (
    <li>
      <Link to={productModalHref(locale, dish)} className={row}>
        <Picture
          source={imageSource(dish.image, 56, 160)}
          sizes="56px"
          className={`size-14 shrink-0 rounded-xl object-cover ${dish.available ? "" : "opacity-60 grayscale-[40%]"}`}
        />
        <span className="min-w-0 flex-1">
          <span dir="auto" className="block truncate font-medium text-match-parent">
            {dish.name}
          </span>
          <span className="block truncate text-sm text-ink-soft">
            {/* The vendor's name keeps its own direction beside the page's words (an Arabic page's
                "unavailable" after a Latin name). */}
            <bdi>{dish.vendorName}</bdi>
            {!dish.available && ` · ${t("product.unavailable")}`}
          </span>
        </span>
        <span className="shrink-0 text-end">
          <PriceTag
            price={dish.price}
            originalPrice={dish.originalPrice}
            currencyCode={dish.prices.currencyCode}
          />
        </span>
      </Link>
    </li>
  );
}

function VendorResult({ vendor }: { vendor: VendorSummary }) {
  const locale = useLocale();
  return (
    <li>
      <Link to={`/${locale}/${vendor.localityCode}/vendor/${vendor.id}`} className={row}>
        <Picture
          source={imageSource(vendor.avatar, 48, 160)}
          sizes="48px"
          className="size-12 shrink-0 rounded-full"
        />
        <span className="min-w-0">
          <span dir="auto" className="block truncate font-medium text-match-parent">
            {vendor.name}
          </span>
          <span className="block truncate text-sm text-ink-soft">
            {vendor.street} {vendor.houseNumber}
          </span>
        </span>
      </Link>
    </li>
  );
}
