import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** The console's screens, under /console/{locale}/. */
export default [
  index("routes/index.tsx", { id: "index" }),
  route(":locale", "routes/locale.tsx", { id: "locale" }, [
    index("routes/locale-index.tsx", { id: "locale-index" }),
    route("sign-in", "routes/sign-in.tsx", { id: "sign-in" }),
    route("forgot-password", "routes/forgot-password.tsx", { id: "forgot-password" }),
    route("password", "routes/password.tsx", { id: "password" }),
    route("admin", "routes/admin.tsx", { id: "admin" }),
    layout("routes/staff.tsx", { id: "staff" }, [
      route("orders", "routes/orders.tsx", { id: "orders" }, [
        route(":id", "routes/orders-id.tsx", { id: "orders-id" }),
      ]),
      route("menus", "routes/menus.tsx", { id: "menus" }),
      route("menus/:vendorId", "routes/menus-vendor.tsx", { id: "menus-vendor" }),
      route("menus/:vendorId/products/:productId", "routes/menus-product.tsx", { id: "menus-product" }),
      route("vendors/new", "routes/vendors-new.tsx", { id: "vendors-new" }),
      route("vendors/:vendorId", "routes/vendors-id.tsx", { id: "vendors-id" }),
      route("promo-codes", "routes/promo-codes.tsx", { id: "promo-codes" }),
      route("banners", "routes/banners.tsx", { id: "banners" }),
      route("cities", "routes/cities.tsx", { id: "cities" }),
      route("categories", "routes/categories.tsx", { id: "categories" }),
      route("zones", "routes/zones.tsx", { id: "zones" }),
      route("couriers", "routes/couriers.tsx", { id: "couriers" }),
      route("audit", "routes/audit.tsx", { id: "audit" }),
      route("reports", "routes/reports.tsx", { id: "reports" }),
      route("brand", "routes/brand.tsx", { id: "brand" }),
      route("pages", "routes/pages.tsx", { id: "pages" }),
      route("pages/:pageId", "routes/pages-id.tsx", { id: "pages-id" }),
      route("staff", "routes/staff-members.tsx", { id: "staff-members" }),
      // Any other path under a language: "not found", in that language, under the console's header.
      route("*", "routes/not-found.tsx", { id: "not-found" }),
    ]),
  ]),
] satisfies RouteConfig;
