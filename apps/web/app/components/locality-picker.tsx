import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { canOpenLocationSettings, onResume, openLocationSettings } from "../lib/bridge.ts";
import { readDevicePosition } from "../lib/device-position.ts";
import { useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import { AlertDialog } from "./alert-dialog.tsx";
import { Icon } from "./icons.tsx";

/**
 * The city switch: the partner's localities, and "use my location", which reads the device
 * position (or the one this tab read before) only when the visitor asks and lets the server pick
 * the locality serving that point.
 */
export function LocalityPicker() {
  const t = useT();
  const navigate = useNavigate();
  const { locale, localities, locality } = useStorefront();
  const [locating, setLocating] = useState<"idle" | "busy" | "denied" | "settings" | "in settings">("idle");
  const panel = useRef<HTMLDivElement>(null);
  // Back from the location settings (section 8, Android): the position is read again.
  const retry = useRef<() => void>(() => {});
  useEffect(
    () =>
      onResume(() => {
        if (locating === "in settings") retry.current();
      }),
    [locating],
  );
  if (!locality || localities.length < 2) return null;
  // The header stays while the page changes under it: a choice closes the picker.
  const close = () => panel.current?.hidePopover();

  const locate = async () => {
    setLocating("busy");
    const point = await readDevicePosition();
    if (point === "denied" || point === "off")
      return setLocating(canOpenLocationSettings() ? "settings" : "denied");
    setLocating("idle");
    // Without a position the locality stays the one the visitor has.
    if (!point) return;
    close();
    navigate(`/${locale}?lat=${point.latitude.toFixed(5)}&lng=${point.longitude.toFixed(5)}`);
  };
  retry.current = () => void locate();

  return (
    <>
      <button
        type="button"
        popoverTarget="locality-picker"
        className="inline-flex min-h-11 items-center gap-1 rounded-full px-2 text-sm font-medium hover:bg-black/5"
        aria-label={t("locality.choose", { locality: locality.name })}
      >
        {locality.name}
        <Icon name="chevron-down" className="size-4" />
      </button>
      <div
        ref={panel}
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
                onClick={close}
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
          onClick={() => void locate()}
          disabled={locating === "busy"}
          className="mt-2 flex min-h-12 w-full items-center gap-2 rounded-xl px-3 text-start font-medium text-brand hover:bg-brand-soft disabled:opacity-60"
        >
          <Icon name="pin" className="size-5" />
          {locating === "busy" ? t("locality.locating") : t("locality.useMyLocation")}
        </button>
      </div>
      <AlertDialog
        open={locating === "settings"}
        title={t("locality.locationOff")}
        message={t("locality.locationSettings")}
        buttons={[
          {
            label: t("locality.openSettings"),
            onClick: () => {
              setLocating("in settings");
              void openLocationSettings();
            },
          },
          { label: t("common.cancel"), onClick: () => setLocating("idle") },
        ]}
        onDismiss={() => setLocating("idle")}
      />
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
