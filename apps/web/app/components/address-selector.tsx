import { Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useT } from "../lib/i18n.ts";
import { lazyPart } from "../lib/new-build.ts";
import { useStorefront } from "../lib/storefront.ts";
import { Icon } from "./icons.tsx";
import { modalHref } from "./modal-link.ts";

/** The list's code (shared with the address dialog) loads when the dropdown first opens. */
const AddressList = lazyPart(() =>
  import("./address-book.tsx").then((module) => ({ default: module.AddressList })),
);

const selectorClass =
  "flex min-h-11 w-full min-w-0 items-center gap-1.5 rounded-full bg-surface px-3 text-sm text-ink-soft hover:bg-black/5 md:w-auto md:max-w-sm md:bg-transparent";

/**
 * The header's delivery address (section 2): the chosen address or a prompt. A signed-in customer
 * with saved addresses gets them as a dropdown on desktop and as the address popup on a phone;
 * everyone else opens the address entry (`AuthAddressModal`).
 */
export function AddressSelector() {
  const t = useT();
  const location = useLocation();
  const { user, deliveryAddress, savedAddresses } = useStorefront();
  const withList = user !== null && savedAddresses.length > 0;
  const label = (
    <>
      <Icon name="pin" className="size-5 shrink-0 text-brand" />
      <span dir="auto" className={`truncate text-match-parent ${deliveryAddress?.label ? "text-ink" : ""}`}>
        {deliveryAddress?.label ?? t("header.address.prompt")}
      </span>
      {withList && <Icon name="chevron-down" className="size-4 shrink-0" />}
    </>
  );
  return (
    <div className="order-last -mx-1 mb-2 w-full min-w-0 md:order-none md:mx-2 md:mb-0 md:w-auto">
      <Link
        to={modalHref(location, { modal: "AuthAddressModal" })}
        className={`${selectorClass} ${withList ? "md:hidden" : ""}`}
      >
        {label}
      </Link>
      {withList && <AddressDropdown>{label}</AddressDropdown>}
    </div>
  );
}

/** Desktop's dropdown of the saved addresses, anchored under the selector; it closes on a choice. */
function AddressDropdown({ children }: { children: React.ReactNode }) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const { deliveryAddress } = useStorefront();
  const chosen = deliveryAddress?.kind === "saved" ? deliveryAddress.id : null;
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const element = panel.current;
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === "open") setOpened(true);
    };
    element?.addEventListener("toggle", onToggle);
    return () => element?.removeEventListener("toggle", onToggle);
  }, []);
  useEffect(() => {
    if (chosen !== null && panel.current?.matches(":popover-open")) panel.current.hidePopover();
  }, [chosen]);
  // Adding and editing open the address form where the customer is, as on a phone.
  const openForm = (addressId: string) => {
    panel.current?.hidePopover();
    navigate(modalHref(location, { modal: "AuthAddressModal", addressId }), { preventScrollReset: true });
  };
  const anchor = `--address-selector${id.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return (
    <>
      <button
        type="button"
        popoverTarget={`${id}-addresses`}
        aria-haspopup="dialog"
        className={`${selectorClass} max-md:hidden`}
        style={{ anchorName: anchor } as React.CSSProperties}
      >
        {children}
      </button>
      <div
        ref={panel}
        id={`${id}-addresses`}
        popover="auto"
        role="dialog"
        aria-labelledby={`${id}-title`}
        className="w-[28rem] max-w-[calc(100vw-2rem)] rounded-3xl bg-white p-4 text-ink shadow-2xl ring-1 ring-black/5"
        style={
          {
            positionAnchor: anchor,
            inset: "auto",
            top: "anchor(bottom)",
            insetInlineStart: "anchor(start)",
            margin: "0.5rem 0 0",
          } as React.CSSProperties
        }
      >
        <h2 id={`${id}-title`} className="mb-3 px-1 text-lg font-semibold">
          {t("address.title.list")}
        </h2>
        {opened && (
          <Suspense fallback={<div className="h-40 animate-pulse rounded-2xl bg-surface" />}>
            <AddressList onAdd={() => openForm("new")} onEdit={(address) => openForm(String(address.id))} />
          </Suspense>
        )}
      </div>
    </>
  );
}
