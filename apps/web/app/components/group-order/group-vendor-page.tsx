import type { GroupOrder } from "@storefront/domain/contract";
import type { ReactNode } from "react";
import { CartAddScope } from "../../lib/cart.tsx";
import { useGroupOrder } from "../../lib/group-order.ts";
import { GroupFloatingButton } from "./group-floating-button.tsx";
import { GroupOrderPanel } from "./group-order-panel.tsx";

/** What a group order puts into the vendor's menu page. */
export interface GroupMenuParts {
  /** The group's panel (its members and what each chose), under the vendor's hero. */
  panel?: ReactNode;
  /** The group's button in place of the cart's. */
  floating?: ReactNode;
  /** The group called off while its page was open, by its host. */
  gone?: { host: string };
}

/**
 * The vendor's menu opened from a group order's link: what is added goes to the group, under one's
 * name. A module of its own, loaded only by a group's page, so no other menu page carries it.
 */
export default function GroupVendorPage({
  initial,
  menu,
}: {
  initial: GroupOrder;
  menu: (parts: GroupMenuParts) => ReactNode;
}) {
  const state = useGroupOrder(initial);
  const host = state.group.members.find((member) => member.host)?.name ?? "";
  // Called off while open: the menu is the restaurant's own again, and the page says why.
  if (state.gone) return menu({ gone: { host } });
  return (
    <CartAddScope add={state.add}>
      {menu({
        panel: <GroupOrderPanel state={state} />,
        floating: <GroupFloatingButton group={state.group} />,
      })}
    </CartAddScope>
  );
}
