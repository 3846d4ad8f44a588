import { endpoints } from "@storefront/domain/endpoints";
import { useEffect, useState } from "react";
import { useLocation, useRouteLoaderData, useSearchParams } from "react-router";
import { Modal } from "../components/modal.tsx";
import { useCloseModal } from "../components/modal-host.tsx";
import { modalHref } from "../components/modal-link.ts";
import { ProductCard } from "../components/product-card.tsx";
import { clientGet } from "../lib/api.client.ts";
import { type MenuProduct, menuProductOf } from "../lib/catalogue-view.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";

interface PopularOf {
  id: number;
  name: string;
  popularProducts: MenuProduct[];
}

/** A vendor's popular products (modal=PopularProducts&vendor=…). */
export default function PopularProducts() {
  const t = useT();
  const locale = useLocale();
  const close = useCloseModal();
  const location = useLocation();
  const [search] = useSearchParams();
  const vendorId = Number(search.get("vendor"));
  const vendorPage = useRouteLoaderData("locality-vendor-id") as { vendor: PopularOf } | undefined;
  const { client } = useStorefront();
  const [vendor, setVendor] = useState<PopularOf | null>(
    vendorPage?.vendor.id === vendorId ? vendorPage.vendor : null,
  );
  useEffect(() => {
    if (vendor?.id === vendorId || !Number.isInteger(vendorId) || vendorId <= 0) return;
    clientGet(client, endpoints.vendors.detail(vendorId), locale).then(
      (found) =>
        setVendor({
          id: found.id,
          name: found.name,
          popularProducts: found.popularProducts.map(menuProductOf),
        }),
      () => setVendor(null),
    );
  }, [vendor, vendorId, client, locale]);
  if (!vendor) return null;
  return (
    <Modal title={t("vendor.popular.of", { name: vendor.name })} onClose={close} size="lg">
      <ul className="grid grid-cols-2 gap-3 p-4 md:grid-cols-3">
        {vendor.popularProducts.map((product) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              href={modalHref(location, { modal: "ProductModal", product: String(product.id), vendor: null })}
            />
          </li>
        ))}
      </ul>
    </Modal>
  );
}
