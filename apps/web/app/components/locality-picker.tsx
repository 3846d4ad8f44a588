import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import { AlertDialog } from "./alert-dialog.tsx";
import { Icon } from "./icons.tsx";

/**
 * The city switch: the partner's localities, and "use my location", which reads the device
 * position only when the visitor asks and lets the server pick the locality serving that point.
 */
export function LocalityPicker() {
  const t = useT();
  const navigate = useNavigate();
  const { locale, localities, locality } = useStorefront();
  const [locating, setLocating] = useState<"idle" | "busy" | "denied">("idle");
  if (!locality || localities.length < 2) return null;

  const locate = () => {
    if (!("geolocation" in navigator)) return setLocating("denied");
    setLocating("busy");
    const found = ({ coords }: GeolocationPosition) => {
      sessionStorage.setItem("devicePosition", JSON.stringify([coords.latitude, coords.longitude]));
      navigate(`/${locale}?lat=${coords.latitude.toFixed(5)}&lng=${coords.longitude.toFixed(5)}`);
    };
    // A quick high-accuracy read first, then any cached position.
    navigator.geolocation.getCurrentPosition(
      found,
      () =>
        navigator.geolocation.getCurrentPosition(found, () => setLocating("denied"), {
          timeout: 3000,
          maximumAge: Number.POSITIVE_INFINITY,
        }),
      { enableHighAccuracy: true, timeout: 2000 },
    );
  };

  return (
    <>
      <button
        type="button"
        popoverTarget="locality-picker"
        className="inline-flex min-h-11 items-center gap-1 rounded-full px-2 text-sm font-medium hover:bg-black/5"
        aria-label={t("locality.choose", { locality: locality.name })}
      >
        {locality.name}
        <Icon name="chevronDown" className="size-4" />
      </button>
      <div
        id="locality-picker"
        popover="auto"
        role="dialog"
        aria-label={t("locality.title")}
        className="m-0 w-full rounded-t-3xl bg-white p-4 shadow-2xl [inset:auto_0_0_0] md:m-auto md:w-80 md:rounded-3xl md:[inset:4.5rem_auto_auto_max(1rem,calc(50%-34rem))] rtl:md:[inset:4.5rem_max(1rem,calc(50%-34rem))_auto_auto]"
      >
        <h2 className="px-2 pb-2 text-lg font-semibold">{t("locality.title")}</h2>
        <ul>
          {localities.map((item) => (
            <li key={item.code}>
              <Link
                to={`/${locale}/${item.code}`}
                aria-current={item.code === locality.code ? "page" : undefined}
                className="flex min-h-12 items-center justify-between rounded-xl px-3 hover:bg-black/5 aria-[current=page]:font-semibold aria-[current=page]:text-brand"
              >
                {item.name}
                {item.code === locality.code && <Icon name="check" className="size-5" />}
              </Link>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={locate}
          disabled={locating === "busy"}
          className="mt-2 flex min-h-12 w-full items-center gap-2 rounded-xl px-3 text-start font-medium text-brand hover:bg-brand-soft disabled:opacity-60"
        >
          <Icon name="pin" className="size-5" />
          {locating === "busy" ? t("locality.locating") : t("locality.useMyLocation")}
        </button>
      </div>
      <AlertDialog
        open={locating === "denied"}
        title={t("locality.locationOff")}
        message={t("locality.locationDenied")}
        buttons={[{ label: t("common.understood"), onClick: () => setLocating("idle") }]}
        onDismiss={() => setLocating("idle")}
      />
    </>
  );
}
