import {
  COURIER_DETAIL_FIELDS,
  courierDetailsOf,
  distanceKm,
  SAME_CITY_KM,
  swapZoneForDisplay,
} from "@storefront/domain";
import type { Address, ReverseGeocodeAnswer } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { clientGet, clientSend } from "../lib/api.client.ts";
import { useCart } from "../lib/cart.tsx";
import { useDeliveryPointCheck } from "../lib/delivery-check.ts";
import { useHydrated } from "../lib/hydrated.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { lazyPart } from "../lib/new-build.ts";
import { useStorefront } from "../lib/storefront.ts";
import { useAddressChoice } from "./address-choice.ts";
import { Icon } from "./icons.tsx";
import type { MapPoint } from "./map/map-view.ts";
import { StateButton } from "./state-button.tsx";

const MapPicker = lazyPart(() => import("./map/map-picker.tsx"));

/**
 * The customer's saved addresses as a choice: picking one makes it the delivery address; each can
 * be edited or deleted, and deleting the chosen one forgets the choice.
 */
export function AddressList({ onAdd, onEdit }: { onAdd: () => void; onEdit: (address: Address) => void }) {
  const t = useT();
  const locale = useLocale();
  const choice = useAddressChoice();
  const revalidator = useRevalidator();
  const { client, savedAddresses, deliveryAddress } = useStorefront();
  const checkPoint = useDeliveryPointCheck();
  const selectedId = choice.choosing ?? (deliveryAddress?.kind === "saved" ? deliveryAddress.id : null);
  const [problem, setProblem] = useState<string | null>(null);
  // The choice is made by script: until the page's scripts run, a tap would tick a radio in vain.
  const live = useHydrated();
  const remove = async (address: Address) => {
    const sent = await clientSend(client, endpoints.customer.deleteAddress(address.id), locale);
    if (!sent.ok) return setProblem(t("auth.toast.oops"));
    setProblem(null);
    if (address.id === selectedId) choice.forget();
    else await revalidator.revalidate();
  };
  return (
    <div className="grid gap-2">
      <fieldset className="grid min-w-0 gap-2">
        <legend className="sr-only">{t("address.title.list")}</legend>
        {savedAddresses.map((address) => {
          const label = address.name ?? address.location.shortAddress ?? address.location.formattedAddress;
          return (
            // Edit and delete go under the address (at the end of their own line) when it would have
            // less than 12rem beside them: on a narrow phone, or in a long language.
            <div
              key={address.id}
              className="flex min-w-0 flex-wrap items-center gap-2 rounded-2xl border border-line p-2 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
            >
              <label className="flex min-h-11 min-w-0 flex-[1_1_12rem] cursor-pointer items-center gap-3 px-2">
                <input
                  type="radio"
                  name="address"
                  checked={address.id === selectedId}
                  disabled={!live}
                  onChange={async () => {
                    if (await checkPoint(address.location)) choice.select(address.id);
                  }}
                  className="size-5 shrink-0 accent-[var(--brand)]"
                />
                <span className="min-w-0">
                  <span dir="auto" className="block truncate font-medium text-match-parent">
                    {label}
                  </span>
                  <span dir="auto" className="block truncate text-sm text-ink-soft text-match-parent">
                    {address.location.formattedAddress}
                  </span>
                </span>
              </label>
              <span className="ms-auto flex shrink-0">
                <button
                  type="button"
                  onClick={() => onEdit(address)}
                  aria-label={`${t("address.edit")}: ${label}`}
                  className="min-h-11 rounded-full px-3 text-sm font-medium text-brand"
                >
                  {t("address.edit")}
                </button>
                <button
                  type="button"
                  onClick={() => remove(address)}
                  aria-label={`${t("address.delete")}: ${label}`}
                  className="min-h-11 rounded-full px-3 text-sm text-red-700"
                >
                  {t("address.delete")}
                </button>
              </span>
            </div>
          );
        })}
      </fieldset>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
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

/**
 * The address form of section 3: a pin on the map (its street found by reverse geocoding), the
 * street, apartment, entrance, floor, intercom, comment and, for a signed-in customer, a name.
 * A visitor's address becomes the temporary one; a customer's is saved and handed to `onSaved`.
 */
export function AddressForm({
  editing,
  submitLabel,
  onSaved,
}: {
  editing: Address | null;
  submitLabel: string;
  onSaved: (addressId: number) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const choice = useAddressChoice();
  const { client, user, locality, params, deliveryAddress } = useStorefront();
  const checkPoint = useDeliveryPointCheck();
  const cartState = useCart();
  // A delivery address in another city than the one browsed is no start for a new address here.
  const nearby =
    deliveryAddress && locality && distanceKm(deliveryAddress, locality.center) > SAME_CITY_KM
      ? null
      : deliveryAddress;
  const start: MapPoint = editing?.location ?? nearby ?? locality?.center ?? { latitude: 0, longitude: 0 };
  // The city's zone, drawn from its params; a map started at the city's centre opens on all of it.
  const deliveryZone = params?.delivery.deliveryZone;
  const zone = useMemo(() => swapZoneForDisplay(deliveryZone ?? []), [deliveryZone]);
  const [point, setPoint] = useState<MapPoint>({ latitude: start.latitude, longitude: start.longitude });
  const [street, setStreet] = useState(editing?.location.formattedAddress ?? nearby?.label ?? "");
  const [components, setComponents] = useState<ReverseGeocodeAnswer["addressComponents"]>(
    editing?.location.addressComponents ?? {},
  );
  // An address being edited, or a new one starting at the delivery address, already has its street:
  // the pin's (often less precise) street replaces it only once the pin is moved. Else it would
  // arrive a moment later, over the street shown and over what the customer had begun to type.
  const [typed, setTyped] = useState(Boolean(editing ?? nearby?.label));
  // A guest's temporary address, opened again, shows what they typed for the courier.
  const guestDetails = user ? null : deliveryAddress?.details;
  const [mounted, setMounted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const streetInput = useRef<HTMLInputElement>(null);
  // Read once, when the page becomes live.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the street as rendered, not as it changes
  useEffect(() => {
    // A street typed before the page was live is the customer's own too: the pin's must not replace it.
    const early = streetInput.current?.value;
    if (early !== undefined && early !== street) {
      setTyped(true);
      setComponents({});
      setStreet(early);
    }
    setMounted(true);
  }, []);

  // The street at the pin fills the address, until the customer types one.
  useEffect(() => {
    if (typed) return;
    let current = true;
    clientGet(client, endpoints.geocoding.reverse(point), locale).then(
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
    "min-h-12 w-full rounded-2xl border border-line bg-white px-4 text-match-parent focus:border-brand";
  return (
    <form
      className="grid gap-3"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!street.trim()) return setError(t("form.required"));
        const form = new FormData(event.currentTarget);
        if (!(await checkPoint(point))) return;
        const value = (name: string) => String(form.get(name) ?? "").trim() || null;
        // A guest's details for the courier go with the address; signing in keeps them.
        if (!user)
          return choice.temporary(
            point,
            street.trim(),
            courierDetailsOf(Object.fromEntries(COURIER_DETAIL_FIELDS.map((name) => [name, value(name)]))),
          );
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
          ? await clientSend(client, endpoints.customer.updateAddress(editing.id), locale, body)
          : await clientSend(client, endpoints.customer.addAddress(), locale, body);
        setBusy(false);
        if (!sent.ok) return setError(t("auth.toast.oops"));
        onSaved(editing?.id ?? (sent.body as { id: number }).id);
      }}
    >
      {mounted && params && (
        <Suspense fallback={<div className="h-56 rounded-2xl bg-surface md:h-64" />}>
          <MapPicker
            value={point}
            tileUrl={params.theme.mapTileUrl}
            label={t("address.map")}
            zone={zone}
            zoneLabel={t("address.map.zone")}
            overview={!editing && !nearby}
            zoomLabels={{ zoomIn: t("map.zoomIn"), zoomOut: t("map.zoomOut") }}
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
          ref={streetInput}
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
          dir="auto"
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
      <div className="flex items-center gap-1 text-sm text-ink-soft">
        {t("address.details")}
        <button
          type="button"
          aria-label={t("address.info")}
          className="-m-1.5 grid size-11 place-items-center"
          onClick={() =>
            cartState.showAlert({
              title: t("address.info.title"),
              message: t("address.info.message"),
              buttons: [{ label: t("common.understood"), onClick: () => cartState.showAlert(null) }],
            })
          }
        >
          <Icon name="info" className="size-5" />
        </button>
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {(["apartmentNumber", "entrance", "floor", "intercom"] as const).map((name) => (
          <label key={name} className="grid gap-1.5">
            <span className="text-sm font-medium">{t(`address.${name}`)}</span>
            <input
              name={name}
              defaultValue={(editing ?? guestDetails)?.[name] ?? ""}
              maxLength={20}
              dir="auto"
              className={field}
            />
          </label>
        ))}
      </div>
      <label className="grid gap-1.5">
        <span className="text-sm font-medium">{t("address.comment")}</span>
        <input
          name="comment"
          defaultValue={(editing ?? guestDetails)?.comment ?? ""}
          maxLength={500}
          dir="auto"
          className={field}
        />
      </label>
      {user && (
        <label className="grid gap-1.5">
          <span className="text-sm font-medium">{t("address.name")}</span>
          <input
            name="name"
            defaultValue={editing?.name ?? ""}
            maxLength={100}
            placeholder={t("address.name.placeholder")}
            dir="auto"
            className={field}
          />
        </label>
      )}
      <StateButton
        type="submit"
        state={busy || choice.busy ? "loading" : "ready"}
        className="mt-1 min-h-12 rounded-full bg-brand font-medium text-brand-ink"
      >
        {submitLabel}
      </StateButton>
    </form>
  );
}
