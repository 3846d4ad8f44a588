import { formatMoney } from "@storefront/domain";
import type { GroupOrder } from "@storefront/domain/contract";
import { useEffect, useState } from "react";
import { useLocale, useT } from "../../lib/i18n.ts";

/** On phones, in place of the cart's button: the group's count and total, leading to the group. */
export function GroupFloatingButton({ group }: { group: GroupOrder }) {
  const t = useT();
  const locale = useLocale();
  const count = group.members.reduce((sum, member) => sum + member.itemsCount, 0);
  // Out of the way while the group itself is on screen: it would cover its buttons.
  const [groupInSight, setGroupInSight] = useState(false);
  useEffect(() => {
    const panel = document.getElementById("group-order");
    if (!panel) return;
    const observer = new IntersectionObserver(([entry]) => setGroupInSight(entry?.isIntersecting ?? false));
    observer.observe(panel);
    return () => observer.disconnect();
  }, []);
  if (groupInSight) return null;
  return (
    <a
      href="#group-order"
      className="fixed inset-x-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-20 mx-auto flex min-h-14 max-w-md items-center gap-3 rounded-2xl bg-brand px-4 font-semibold text-brand-ink shadow-lg md:hidden"
    >
      <span className="grid size-8 place-items-center rounded-full bg-white/25 text-sm">{count}</span>
      <span className="flex-1">{t("group.floating")}</span>
      <span>{formatMoney(group.itemsTotal, group.currencyCode, locale)}</span>
    </a>
  );
}
