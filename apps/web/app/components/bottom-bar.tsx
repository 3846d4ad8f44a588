import { formatQuantityBadge } from "@storefront/domain";
import { NavLink } from "react-router";
import { useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import { Badge } from "./badge.tsx";
import { Icon, type IconName } from "./icons.tsx";

/**
 * The phone's bottom navigation: home, favourites, orders, personal menu. A demo-promo address
 * (one a partner's promo link set) keeps the visitor where the link put them: the links are off.
 */
export function BottomBar() {
  const t = useT();
  const { locale, locality, activeOrdersCount, deliveryAddress } = useStorefront();
  const disabled = deliveryAddress?.demoPromo === true;
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
        {items.map(([to, icon, label]) => {
          const content = (
            <>
              <span className="relative">
                <Icon name={icon} className="size-6" />
                {icon === "receipt" && activeOrdersCount > 0 && (
                  <Badge>{formatQuantityBadge(activeOrdersCount)}</Badge>
                )}
              </span>
              {label}
            </>
          );
          const item = "flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs";
          return (
            <li key={to}>
              {disabled ? (
                // biome-ignore lint/a11y/useValidAnchor: a disabled link has no href (ARIA's disabled-link pattern)
                <a role="link" aria-disabled="true" className={`${item} text-ink-soft opacity-50`}>
                  {content}
                </a>
              ) : (
                <NavLink
                  to={to}
                  end
                  className={({ isActive }) => `${item} ${isActive ? "text-brand" : "text-ink-soft"}`}
                >
                  {content}
                </NavLink>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
