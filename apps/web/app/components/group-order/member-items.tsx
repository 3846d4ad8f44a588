import { formatMoney } from "@storefront/domain";
import type { GroupMember } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { Check } from "lucide-react";
import type { GroupOrderState } from "../../lib/group-order.ts";
import { useLocale, useT } from "../../lib/i18n.ts";
import { Stepper } from "../cart-line.tsx";

export function MemberItems({ member, state }: { member: GroupMember; state: GroupOrderState }) {
  const t = useT();
  const locale = useLocale();
  const { group } = state;
  const mine = group.you?.memberId === member.memberId;
  const money = (amount: number) => formatMoney(amount, group.currencyCode, locale);
  // A person changes their own lines while it is open; the host any line until it is ordered.
  const mayChange =
    group.status !== "ORDERED" && (group.you?.host === true || (mine && group.status === "OPEN"));
  return (
    <li className="rounded-2xl bg-surface p-3" aria-label={member.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          {mine ? t("group.you", { name: member.name }) : member.name}
          {member.host && <span className="ms-2 text-sm font-normal text-ink-soft">{t("group.host")}</span>}
        </h3>
        <span
          className={`inline-flex items-center gap-1 text-sm ${member.done ? "font-semibold text-emerald-700" : "text-ink-soft"}`}
        >
          {member.done && <Check aria-hidden className="size-4" />}
          {member.done ? t("group.done") : t("group.choosing")}
        </span>
      </div>
      {member.items.length === 0 ? (
        <p className="mt-1 text-sm text-ink-soft">{t("group.nothingYet")}</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {member.items.map((item) => (
            <li
              key={item.cartProductId}
              className="flex flex-wrap items-center justify-between gap-2 text-sm"
            >
              {/* The stepper and the price go under the name, together, when it would have less than 6rem. */}
              <span className="min-w-0 flex-[1_1_6rem] wrap-break-word">
                {mayChange ? item.name : `${item.count} × ${item.name}`}
                {item.components.length > 0 && (
                  <span className="block text-ink-soft">{item.components.map((c) => c.name).join(", ")}</span>
                )}
              </span>
              <span className="ms-auto flex items-center gap-2">
                {mayChange && (
                  <Stepper
                    count={item.count}
                    onLess={() =>
                      void state.send(
                        endpoints.groupOrders.setItemCount(state.group.token, item.cartProductId),
                        {
                          count: item.count - 1,
                        },
                      )
                    }
                    onMore={() =>
                      void state.send(
                        endpoints.groupOrders.setItemCount(state.group.token, item.cartProductId),
                        {
                          count: item.count + 1,
                        },
                      )
                    }
                    lessLabel={t("cart.less", { name: item.name })}
                    moreLabel={t("cart.more", { name: item.name })}
                  />
                )}
                <span className="w-20 text-end">{money(item.totalPrice)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 flex justify-between text-sm font-medium">
        <span>{t("group.subtotal")}</span>
        <span>{money(member.subtotal)}</span>
      </p>
    </li>
  );
}
