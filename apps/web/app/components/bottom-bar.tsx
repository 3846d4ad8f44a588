import { formatQuantityBadge } from "@storefront/domain";
import { NavLink } from "react-router";
import { useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import { Badge } from "./header.tsx";
import { Icon, type IconName } from "./icons.tsx";

/** The phone's bottom navigation: home, favourites, orders, personal menu. */
export function BottomBar() {
  const t = useT();
  const { locale, locality, activeOrdersCount } = useStorefront();
  const items: Array<[string, IconName, string]> = [
    [locality ? `/${locale}/${locality.code}` : `/${locale}`, "home", t("nav.home")],
    [`/${locale}/menu/favorites`, "heart", t("nav.favorites")],
    [`/${locale}/menu/orders`, "receipt", t("nav.orders")],
    [`/${locale}/menu`, "menu", t("nav.menu")],
  ];
  return (
    <nav
      aria-label={t("nav.bottom")}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid grid-cols-4">
        {items.map(([to, icon, label]) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              className={({ isActive }) =>
                `flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs ${isActive ? "text-brand" : "text-ink-soft"}`
              }
            >
              <span className="relative">
                <Icon name={icon} className="size-6" />
                {icon === "receipt" && activeOrdersCount > 0 && (
                  <Badge>{formatQuantityBadge(activeOrdersCount)}</Badge>
                )}
              </span>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
