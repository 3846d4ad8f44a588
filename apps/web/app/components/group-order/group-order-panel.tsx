import { formatMoney } from "@storefront/domain";
import type { GroupOrder } from "@storefront/domain/contract";
import { Check, Copy, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { groupLink } from "../../lib/group-link.ts";
import type { GroupOrderState } from "../../lib/group-order.ts";
import { useLocale, useT } from "../../lib/i18n.ts";
import { useStorefront } from "../../lib/storefront.ts";
import { JoinForm } from "./join-form.tsx";
import { MemberItems } from "./member-items.tsx";
import { YourActions } from "./your-actions.tsx";

/**
 * A group order on its vendor's page: the link to share, who is in with their items and share of
 * the price, joining under a name, "I'm done", and the host's lock and checkout.
 */
export function GroupOrderPanel({ state }: { state: GroupOrderState }) {
  const t = useT();
  const locale = useLocale();
  const { group } = state;
  const host = group.members.find((m) => m.host);
  const you = group.you;
  return (
    <section
      id="group-order"
      aria-labelledby="group-order-title"
      className="mt-6 grid scroll-mt-32 grid-cols-1 gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-brand/30"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="group-order-title" className="flex min-w-0 items-center gap-2 text-xl font-bold break-words">
          <Users aria-hidden className="size-6 shrink-0 text-brand" />
          {t("group.title", { name: host?.name ?? "" })}
        </h2>
        <GroupStatusBadge group={group} />
      </div>
      <GroupNotice group={group} />
      {group.status === "OPEN" && <ShareLink group={group} />}
      {!you && group.status === "OPEN" && <JoinForm state={state} />}
      <ul className="grid gap-3">
        {group.members.map((member) => (
          <MemberItems key={member.memberId} member={member} state={state} />
        ))}
      </ul>
      <p className="flex justify-between border-t border-line pt-3 font-semibold">
        <span>{t("group.itemsTotal")}</span>
        <span>{formatMoney(group.itemsTotal, group.currencyCode, locale)}</span>
      </p>
      {you && <YourActions state={state} />}
    </section>
  );
}

function GroupStatusBadge({ group }: { group: GroupOrder }) {
  const t = useT();
  const looks = {
    OPEN: "bg-emerald-50 text-emerald-800",
    LOCKED: "bg-amber-50 text-amber-900",
    ORDERED: "bg-brand-soft text-brand",
  } as const;
  return (
    <span className={`rounded-full px-3 py-1 text-sm font-semibold ${looks[group.status]}`}>
      {t(`group.status.${group.status}`)}
    </span>
  );
}

/** What the group's state means for the person reading. */
function GroupNotice({ group }: { group: GroupOrder }) {
  const t = useT();
  const locale = useLocale();
  const host = group.members.find((m) => m.host)?.name ?? "";
  if (group.status === "ORDERED")
    return (
      <p role="status" className="rounded-xl bg-brand-soft px-4 py-3 font-medium">
        {t("group.ordered", { name: host })}{" "}
        {group.orderId !== null && (
          <Link to={`/${locale}/menu/orders/${group.orderId}/status`} className="underline">
            {t("group.followOrder")}
          </Link>
        )}
      </p>
    );
  if (group.status === "LOCKED")
    return (
      <p role="status" className="rounded-xl bg-amber-50 px-4 py-3 text-amber-950">
        {group.you?.host ? t("group.locked.host") : t("group.locked.guest", { name: host })}
      </p>
    );
  return <p className="text-ink-soft">{t("group.howItWorks", { count: group.guestsMax })}</p>;
}

function ShareLink({ group }: { group: GroupOrder }) {
  const t = useT();
  const locale = useLocale();
  const [copied, setCopied] = useState(false);
  // The partner's own address, in the native app too (whose page is not on the web).
  const { origin } = useStorefront();
  const link = groupLink(origin, locale, group);
  return (
    <div className="grid gap-1">
      <label htmlFor="group-link" className="text-sm font-medium">
        {t("group.share")}
      </label>
      {/* The button goes under the link where both do not fit on one line (a phone, a long language). */}
      <div className="flex flex-wrap gap-2">
        <input
          id="group-link"
          readOnly
          value={link}
          dir="ltr"
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 min-w-0 flex-[1_1_10rem] rounded-xl border border-line bg-surface px-3 text-sm"
        />
        <button
          type="button"
          onClick={async () => {
            await navigator.clipboard?.writeText(link).catch(() => {});
            setCopied(true);
          }}
          className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full bg-brand px-4 font-medium text-brand-ink"
        >
          {copied ? <Check aria-hidden className="size-5" /> : <Copy aria-hidden className="size-5" />}
          {copied ? t("group.copied") : t("group.copy")}
        </button>
      </div>
    </div>
  );
}
