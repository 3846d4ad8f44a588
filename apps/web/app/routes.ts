import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** Route shape of the spec's section 2; ids follow its route names. */
export default [
  index("routes/root-redirect.tsx", { id: "root-redirect" }),
  route("vendor/*?", "routes/vendor-rewrite.tsx", { id: "vendor-rewrite" }),
  route("client-errors", "routes/client-errors.ts", { id: "client-errors" }),
  route("manifest.webmanifest", "routes/web-manifest.ts", { id: "web-manifest" }),
  route("robots.txt", "routes/robots.ts", { id: "robots" }),
  route("sitemap.xml", "routes/sitemap.ts", { id: "sitemap" }),
  route(":locale", "routes/locale.tsx", { id: "locale" }, [
    index("routes/locale-index.tsx", { id: "index" }),
    route("vendor/*?", "routes/vendor-rewrite.tsx", { id: "locale-vendor-rewrite" }),
    route("cart", "routes/cart.tsx", { id: "cart" }),
    route("address", "routes/address-selection.tsx", { id: "address-selection" }),
    route("support", "routes/support.tsx", { id: "support" }),
    route("cms/:slug", "routes/cms-slug.tsx", { id: "cms-slug" }),
    route("menu", "routes/menu.tsx", { id: "menu" }, [
      index("routes/menu-index.tsx", { id: "menu-index" }),

      route("profile", "routes/menu-profile.tsx", { id: "menu-profile" }),
      route("orders", "routes/menu-orders.tsx", { id: "menu-orders" }),
      route("orders/:id/status", "routes/menu-orders-id-status.tsx", { id: "menu-orders-id-status" }),
      route("orders/:id/details", "routes/menu-orders-id-details.tsx", { id: "menu-orders-id-details" }),
      route("orders/:id/payment", "routes/menu-orders-id-payment.tsx", { id: "menu-orders-id-payment" }),
      route("favorites", "routes/menu-favorites.tsx", { id: "menu-favorites" }),
      route("address/address-list", "routes/menu-address-list.tsx", { id: "menu-address-address-list" }),
      route("address/address-form", "routes/menu-address-form.tsx", { id: "menu-address-address-form" }),
      route("cards", "routes/menu-cards.tsx", { id: "menu-cards" }),
      route("promocodes", "routes/menu-promocodes.tsx", { id: "menu-promocodes" }),
      route("points", "routes/menu-points.tsx", { id: "menu-points" }),
      route("referral", "routes/menu-referral.tsx", { id: "menu-referral" }),
      route("reviews", "routes/menu-reviews.tsx", { id: "menu-reviews" }),
      route("support", "routes/menu-support.tsx", { id: "menu-support" }),
      route("about", "routes/menu-content.tsx", { id: "menu-about" }),
      route("courier-info", "routes/menu-content.tsx", { id: "menu-courier-info" }),
      route("vendor-info", "routes/menu-content.tsx", { id: "menu-vendor-info" }),
      route("languages", "routes/menu-languages.tsx", { id: "menu-languages" }),
    ]),
    route(":localityCode", "routes/locality.tsx", { id: "locality" }),
    route(":localityCode/vendor/:id/*?", "routes/locality-vendor-id.tsx", { id: "locality-vendor-id" }),
  ]),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
