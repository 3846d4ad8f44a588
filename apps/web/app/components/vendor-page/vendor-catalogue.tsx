import { keepsToFilter, menuFilterFromParams } from "@storefront/domain";
import { Link, useLocation } from "react-router";
import type { MenuSection, VendorView } from "../../lib/catalogue-view.ts";
import { useT } from "../../lib/i18n.ts";
import { MenuFilterButton, MenuFilterPanel, MenuFilterStatus } from "../menu-filter.tsx";
import { modalHref } from "../modal-link.ts";
import { ProductCard } from "../product-card.tsx";

/**
 * The vendor's menu under its header: popular products, links to the sections, the dietary filter,
 * then every section with its products; each product opens in a modal over the page.
 */
export function VendorCatalogue({
  vendor,
  sections: allSections,
}: {
  vendor: VendorView;
  sections: MenuSection[];
}) {
  const t = useT();
  const location = useLocation();
  const productHref = (id: number) => modalHref(location, { modal: "ProductModal", product: String(id) });
  // The customer's dietary needs filter the menu here, from the address, on the server and in the browser.
  const filter = menuFilterFromParams(new URLSearchParams(location.search));
  const sections = allSections
    .map((section) => ({
      ...section,
      products: section.products.filter((product) => keepsToFilter(product, filter)),
    }))
    .filter((section) => section.products.length > 0);
  const shown = sections.reduce((sum, section) => sum + section.products.length, 0);
  const total = allSections.reduce((sum, section) => sum + section.products.length, 0);
  const popularProducts = vendor.popularProducts.filter((product) => keepsToFilter(product, filter));
  return (
    <>
      {popularProducts.length > 0 && (
        <section aria-labelledby="popular" className="mt-8">
          <div className="flex items-center justify-between">
            <h2 id="popular" className="text-xl font-bold">
              {t("vendor.popular")}
            </h2>
            <Link
              to={modalHref(location, { modal: "PopularProducts", vendor: String(vendor.id) })}
              preventScrollReset
              className="inline-flex min-h-11 items-center text-sm font-medium text-brand"
            >
              {t("vendor.popular.all")}
            </Link>
          </div>
          <ul className="-mx-4 mt-1.5 flex gap-3 overflow-x-auto px-4 pb-2 pt-1.5 [scrollbar-width:none]">
            {popularProducts.slice(0, 6).map((product) => (
              <li key={product.id} className="w-44 shrink-0">
                <ProductCard product={product} href={productHref(product.id)} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <nav
        aria-label={t("vendor.sections")}
        className="sticky top-[108px] z-10 -mx-4 mt-6 md:top-16 overflow-x-auto bg-surface/95 px-4 py-2 backdrop-blur [scrollbar-width:none]"
      >
        <ul className="flex gap-2">
          <li>
            <MenuFilterButton filter={filter} />
          </li>
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#section-${section.id}`}
                className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full bg-white px-4 text-sm font-medium shadow-sm ring-1 ring-black/5"
              >
                {section.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <MenuFilterPanel filter={filter} shown={shown} />
      <MenuFilterStatus filter={filter} hidden={total - shown} />
      {sections.length === 0 && <p className="mt-6 text-ink-soft">{t("menuFilter.nothing")}</p>}
      {sections.map((section) => (
        <section
          key={section.id}
          id={`section-${section.id}`}
          aria-labelledby={`section-title-${section.id}`}
          className="mt-6 scroll-mt-32"
        >
          <h2 id={`section-title-${section.id}`} className="text-xl font-bold">
            {section.name}
          </h2>
          {section.closedHours && (
            <p className="mt-1 text-sm text-ink-soft">{t("vendor.section.hours", section.closedHours)}</p>
          )}
          <ul className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
            {section.products.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} href={productHref(product.id)} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
