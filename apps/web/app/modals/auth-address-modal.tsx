import type { Address, ReverseGeocodeAnswer } from "@storefront/domain/contract";
import { lazy, Suspense, useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { MapPoint } from "../components/map/map-picker.tsx";
import { Modal } from "../components/modal.tsx";
import { useCloseModal } from "../components/modal-host.tsx";
import { modalHref } from "../components/modal-link.ts";
import { StateButton } from "../components/state-button.tsx";
import { clientGet, clientSend } from "../lib/api.client.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";

const MapPicker = lazy(() => import("../components/map/map-picker.tsx"));

type Mode = { kind: "list" } | { kind: "form"; editing: Address | null };

/**
 * The delivery address: a signed-in customer picks one of their addresses or adds one; a visitor
 * places a pin and gets a temporary address.
 */
export default function AuthAddressModal() {
  const t = useT();
  const close = useCloseModal();
  const { user, savedAddresses } = useStorefront();
  const [mode, setMode] = useState<Mode>(
    user && savedAddresses.length > 0 ? { kind: "list" } : { kind: "form", editing: null },
  );
  return (
    <Modal
      title={mode.kind === "list" ? t("address.title.list") : t("address.title.form")}
      onClose={close}
      size="lg"
    >
      {mode.kind === "list" ? (
        <AddressList
          onAdd={() => setMode({ kind: "form", editing: null })}
          onEdit={(address) => setMode({ kind: "form", editing: address })}
        />
      ) : (
        <AddressForm editing={mode.editing} />
      )}
    </Modal>
  );
}

/** Where the address choice sends the visitor back: this page, without the modal. */
function useReturnTo(): string {
  const location = useLocation();
  return modalHref(location, { modal: null });
}

function AddressList({ onAdd, onEdit }: { onAdd: () => void; onEdit: (address: Address) => void }) {
  const t = useT();
  const locale = useLocale();
  const returnTo = useReturnTo();
  const fetcher = useFetcher();
  const { client, savedAddresses, deliveryAddress } = useStorefront();
  const selectedId = deliveryAddress?.kind === "saved" ? deliveryAddress.id : null;
  const choose = (intent: "select" | "forget", addressId?: number) =>
    fetcher.submit(
      { intent, returnTo, ...(addressId ? { addressId: String(addressId) } : {}) },
      { method: "post", action: `/${locale}/address` },
    );
  return (
    <div className="grid gap-2 p-4">
      <fieldset className="grid gap-2">
        <legend className="sr-only">{t("address.title.list")}</legend>
        {savedAddresses.map((address) => (
          <div
            key={address.id}
            className="flex items-center gap-2 rounded-2xl border border-line p-2 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
          >
            <label className="flex min-h-11 flex-1 cursor-pointer items-center gap-3 px-2">
              <input
                type="radio"
                name="address"
                checked={address.id === selectedId}
                onChange={() => choose("select", address.id)}
                className="size-5 accent-[var(--brand)]"
              />
              <span>
                <span className="block font-medium">
                  {address.name ?? address.location.shortAddress ?? address.location.formattedAddress}
                </span>
                <span className="block text-sm text-ink-soft">{address.location.formattedAddress}</span>
              </span>
            </label>
            <button
              type="button"
              onClick={() => onEdit(address)}
              className="min-h-11 rounded-full px-3 text-sm font-medium text-brand"
            >
              {t("address.edit")}
            </button>
            <button
              type="button"
              onClick={async () => {
                const sent = await clientSend(
                  client,
                  "DELETE",
                  `/customer/me/addresses/${address.id}`,
                  locale,
                );
                if (sent.ok) choose("forget");
              }}
              className="min-h-11 rounded-full px-3 text-sm text-red-700"
            >
              {t("address.delete")}
            </button>
          </div>
        ))}
      </fieldset>
      <button
        type="button"
        onClick={onAdd}
        className="mt-2 min-h-12 rounded-full border border-line font-medium"
      >
        {t("address.add")}
      </button>
    </div>
  );
}

function AddressForm({ editing }: { editing: Address | null }) {
  const t = useT();
  const locale = useLocale();
  const returnTo = useReturnTo();
  const fetcher = useFetcher();
  const { client, user, locality, params, deliveryAddress } = useStorefront();
  const start: MapPoint = editing?.location ??
    deliveryAddress ??
    locality?.center ?? { latitude: 0, longitude: 0 };
  const [point, setPoint] = useState<MapPoint>({ latitude: start.latitude, longitude: start.longitude });
  const [street, setStreet] = useState(editing?.location.formattedAddress ?? deliveryAddress?.label ?? "");
  const [components, setComponents] = useState<ReverseGeocodeAnswer["addressComponents"]>(
    editing?.location.addressComponents ?? {},
  );
  const [typed, setTyped] = useState(Boolean(editing));
  const [mounted, setMounted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setMounted(true), []);

  // The street at the pin fills the address, until the customer types one.
  useEffect(() => {
    if (typed) return;
    let current = true;
    clientGet<ReverseGeocodeAnswer>(
      client,
      `/public/geocoding/reverse?lat=${point.latitude}&lng=${point.longitude}`,
      locale,
    ).then(
      (found) => {
        if (!current) return;
        setStreet(found.formattedAddress);
        setComponents(found.addressComponents);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [point, typed, client, locale]);

  const field =
    "min-h-12 w-full rounded-2xl border border-line bg-white px-4 outline-none focus:border-brand";
  return (
    <form
      className="grid gap-3 p-4"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!street.trim()) return setError(t("form.required"));
        const form = new FormData(event.currentTarget);
        const value = (name: string) => String(form.get(name) ?? "").trim() || null;
        if (!user) {
          fetcher.submit(
            {
              intent: "temporary",
              latitude: String(point.latitude),
              longitude: String(point.longitude),
              formattedAddress: street.trim(),
              returnTo,
            },
            { method: "post", action: `/${locale}/address` },
          );
          return;
        }
        setBusy(true);
        const body = {
          name: value("name"),
          apartmentNumber: value("apartmentNumber"),
          entrance: value("entrance"),
          floor: value("floor"),
          intercom: value("intercom"),
          comment: value("comment"),
          location: { ...point, formattedAddress: street.trim(), addressComponents: components },
        };
        const sent = editing
          ? await clientSend(client, "PUT", `/customer/me/addresses/${editing.id}`, locale, body)
          : await clientSend<{ id: number }>(client, "POST", "/customer/me/addresses", locale, body);
        setBusy(false);
        if (!sent.ok) return setError(t("auth.toast.oops"));
        const id = editing?.id ?? (sent.body as { id: number }).id;
        fetcher.submit(
          { intent: "select", addressId: String(id), returnTo },
          { method: "post", action: `/${locale}/address` },
        );
      }}
    >
      {mounted && params && (
        <Suspense fallback={<div className="h-56 rounded-2xl bg-surface md:h-64" />}>
          <MapPicker
            value={point}
            tileUrl={params.theme.mapTileUrl}
            label={t("address.map")}
            onChange={(next) => {
              setTyped(false);
              setPoint(next);
            }}
          />
        </Suspense>
      )}
      <label className="grid gap-1.5">
        <span className="font-medium">{t("address.street")}</span>
        <input
          value={street}
          onChange={(event) => {
            // A typed address is the customer's own: the geocoded parts no longer describe it.
            setTyped(true);
            setComponents({});
            setStreet(event.target.value);
            setError(null);
          }}
          maxLength={300}
          autoComplete="street-address"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "address-error" : undefined}
          className={field}
        />
      </label>
      {error && (
        <p id="address-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {(["apartmentNumber", "entrance", "floor", "intercom"] as const).map((name) => (
          <label key={name} className="grid gap-1.5">
            <span className="text-sm font-medium">{t(`address.${name}`)}</span>
            <input name={name} defaultValue={editing?.[name] ?? ""} maxLength={20} className={field} />
          </label>
        ))}
      </div>
      <label className="grid gap-1.5">
        <span className="text-sm font-medium">{t("address.comment")}</span>
        <input name="comment" defaultValue={editing?.comment ?? ""} maxLength={500} className={field} />
      </label>
      {user && (
        <label className="grid gap-1.5">
          <span className="text-sm font-medium">{t("address.name")}</span>
          <input
            name="name"
            defaultValue={editing?.name ?? ""}
            maxLength={100}
            placeholder={t("address.name.placeholder")}
            className={field}
          />
        </label>
      )}
      <StateButton
        type="submit"
        state={busy || fetcher.state !== "idle" ? "loading" : "ready"}
        className="mt-1 min-h-12 rounded-full bg-brand font-medium text-brand-ink"
      >
        {t("address.save")}
      </StateButton>
    </form>
  );
}
