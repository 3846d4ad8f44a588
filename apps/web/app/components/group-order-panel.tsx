import { formatMoney, GROUP_NAME_MAX_LENGTH } from "@storefront/domain";
import type { GroupMember, GroupOrder } from "@storefront/domain/contract";
import { Check, Copy, Lock, Users, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { clientSend } from "../lib/api.client.ts";
import { rememberCartId, useCart } from "../lib/cart.tsx";
import { cartPlaceOf } from "../lib/cart-place.ts";
import { GROUP_PARAM, type GroupOrderState, groupLink } from "../lib/group-order.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import { Stepper } from "./cart-line.tsx";
import { modalHref } from "./modal-link.ts";

/**
 * "Order together" on a vendor's page: a signed-in customer with a delivery address starts a group
 * order there and lands on its menu with the link to share; others are asked to sign in first.
 */
export function StartGroupOrderButton({ vendorId, delivery }: { vendorId: number; delivery: boolean }) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const cart = useCart();
  const { client, user, deliveryAddress } = useStorefront();
  const [pending, setPending] = useState(false);
  const start = async () => {
    if (!user) {
      navigate(modalHref(location, { modal: "AuthModal" }), { preventScrollReset: true });
      return;
    }
    if (delivery && !deliveryAddress) {
      navigate(modalHref(location, { modal: "AuthAddressModal" }), { preventScrollReset: true });
      return;
    }
    setPending(true);
    const started = await clientSend<GroupOrder>(client, "POST", "/customer/me/group-orders", locale, {
      vendorId,
      receiptType: delivery ? "DELIVERY" : "TAKEAWAY",
      ...(delivery && deliveryAddress ? cartPlaceOf(deliveryAddress) : {}),
    });
    setPending(false);
    if (!started.ok) {
      cart.showAlert({
        title: t(
          started.error?.type === "VendorClosedException"
            ? "cart.alert.vendorClosed"
            : "alert.somethingWentWrong",
        ),
        buttons: [{ label: t("common.understood"), onClick: () => cart.showAlert(null) }],
      });
      return;
    }
    navigate(`${location.pathname}?${GROUP_PARAM}=${started.body.token}#group-order`);
  };
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => void start()}
      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line px-4 text-sm font-medium"
    >
      <Users aria-hidden className="size-5" />
      {t("group.start")}
    </button>
  );
}

/**
 * A group order's link that no longer works (ordered long ago, called off, or mistyped), or, with the
 * host's name, a group called off while its page was open.
 */
export function GroupOrderGone({ host }: { host?: string }) {
  const t = useT();
  return (
    <p role="alert" className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-amber-950">
      {host === undefined ? t("group.refused.gone") : t("group.calledOff", { name: host })}
    </p>
  );
}

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
      className="mt-6 grid scroll-mt-32 gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-brand/30"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="group-order-title" className="flex items-center gap-2 text-xl font-bold">
          <Users aria-hidden className="size-6 text-brand" />
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
      <div className="flex gap-2">
        <input
          id="group-link"
          readOnly
          value={link}
          dir="ltr"
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 min-w-0 flex-1 rounded-xl border border-line bg-surface px-3 text-sm"
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

function JoinForm({ state }: { state: GroupOrderState }) {
  const t = useT();
  const { user } = useStorefront();
  const [name, setName] = useState(user?.name ?? "");
  const [problem, setProblem] = useState(false);
  return (
    <form
      className="grid gap-2 rounded-2xl bg-surface p-4"
      onSubmit={async (event) => {
        event.preventDefault();
        if (name.trim() === "") {
          setProblem(true);
          return;
        }
        // The server's own check (the same rules) is said at the field, as this one is.
        const sent = await state.send("POST", "/members", { name }, ["ValidationException"]);
        setProblem(!sent.ok && sent.error?.type === "ValidationException");
      }}
    >
      <label htmlFor="group-name" className="font-medium">
        {t("group.yourName")}
      </label>
      <div className="flex gap-2">
        <input
          id="group-name"
          value={name}
          maxLength={GROUP_NAME_MAX_LENGTH}
          autoComplete="given-name"
          aria-invalid={problem}
          aria-describedby={problem ? "group-name-problem" : undefined}
          onChange={(event) => setName(event.target.value)}
          className="min-h-11 min-w-0 flex-1 rounded-xl border border-line bg-white px-3 aria-[invalid=true]:border-red-600"
        />
        <button
          type="submit"
          disabled={state.pending}
          className="min-h-11 shrink-0 rounded-full bg-brand px-5 font-medium text-brand-ink"
        >
          {t("group.join")}
        </button>
      </div>
      {problem && (
        <p id="group-name-problem" className="text-sm text-red-700">
          {t("group.nameNeeded")}
        </p>
      )}
    </form>
  );
}

function MemberItems({ member, state }: { member: GroupMember; state: GroupOrderState }) {
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
              <span className="min-w-0 flex-1">
                {mayChange ? item.name : `${item.count} × ${item.name}`}
                {item.components.length > 0 && (
                  <span className="block text-ink-soft">{item.components.map((c) => c.name).join(", ")}</span>
                )}
              </span>
              {mayChange && (
                <Stepper
                  count={item.count}
                  onLess={() =>
                    void state.send("PUT", `/items/${item.cartProductId}`, { count: item.count - 1 })
                  }
                  onMore={() =>
                    void state.send("PUT", `/items/${item.cartProductId}`, { count: item.count + 1 })
                  }
                  lessLabel={t("cart.less", { name: item.name })}
                  moreLabel={t("cart.more", { name: item.name })}
                />
              )}
              <span className="w-20 text-end">{money(item.totalPrice)}</span>
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

/** "I'm done" for everyone; the host's lock, checkout, opening it again, and calling it off. */
function YourActions({ state }: { state: GroupOrderState }) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const cart = useCart();
  const { group } = state;
  const me = group.members.find((m) => m.memberId === group.you?.memberId);
  const button = "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 font-medium";
  const checkOut = () => {
    if (!group.cartId) return;
    // Locked, the group's cart is the host's cart: the checkout is the cart page, as for any order.
    rememberCartId(group.cartId);
    window.location.assign(`/${locale}/cart`);
  };
  const callOff = () =>
    cart.showAlert({
      title: t("group.callOff.title"),
      message: t("group.callOff.message"),
      // Keeping it is the first, filled button: calling off is the one to mean.
      buttons: [
        { label: t("group.callOff.keep"), onClick: () => cart.showAlert(null) },
        {
          label: t("group.callOff"),
          onClick: async () => {
            cart.showAlert(null);
            // The host is left with the restaurant's page as anyone sees it.
            if (await state.callOff()) navigate(location.pathname, { replace: true });
          },
        },
      ],
    });
  if (group.status === "ORDERED") return null;
  return (
    <div className="flex flex-wrap gap-2">
      {group.status === "OPEN" && me && (
        <button
          type="button"
          aria-pressed={me.done}
          disabled={state.pending}
          onClick={() => void state.send("PUT", "/members/me", { done: !me.done })}
          className={`${button} ${me.done ? "bg-surface ring-1 ring-line" : "bg-emerald-600 text-white"}`}
        >
          <Check aria-hidden className="size-5" />
          {me.done ? t("group.notDone") : t("group.markDone")}
        </button>
      )}
      {group.you?.host && group.status === "OPEN" && (
        <button
          type="button"
          disabled={state.pending || group.itemsTotal === 0}
          onClick={async () => {
            const sent = await state.send("PUT", "/status", { status: "LOCKED" });
            if (sent.ok) checkOut();
          }}
          className={`${button} bg-brand text-brand-ink disabled:opacity-50`}
        >
          <Lock aria-hidden className="size-5" />
          {t("group.lock")}
        </button>
      )}
      {group.you?.host && group.status === "LOCKED" && (
        <>
          <button type="button" onClick={checkOut} className={`${button} bg-brand text-brand-ink`}>
            {t("group.checkout")}
          </button>
          <button
            type="button"
            disabled={state.pending}
            onClick={() => void state.send("PUT", "/status", { status: "OPEN" })}
            className={`${button} bg-surface ring-1 ring-line`}
          >
            {t("group.unlock")}
          </button>
        </>
      )}
      {group.you?.host && (
        <button
          type="button"
          disabled={state.pending}
          onClick={callOff}
          className={`${button} text-red-700 underline-offset-4 hover:underline sm:ms-auto`}
        >
          <X aria-hidden className="size-5" />
          {t("group.callOff")}
        </button>
      )}
    </div>
  );
}
