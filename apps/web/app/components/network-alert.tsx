import { useEffect, useState } from "react";
import { onConnectionChange } from "../lib/bridge.ts";
import { useT } from "../lib/i18n.ts";
import { Icon } from "./icons.tsx";

/** When the connection drops, say so; when it is back, reload to get fresh data. */
export function NetworkAlert() {
  const t = useT();
  const [offline, setOffline] = useState(false);
  useEffect(
    () =>
      onConnectionChange((online) => {
        if (online) window.location.reload();
        else setOffline(true);
      }),
    [],
  );
  if (!offline) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-4 bottom-20 z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-ink px-4 py-3 text-white shadow-xl md:bottom-6"
    >
      <Icon name="wifiOff" className="size-6 shrink-0" />
      <p>{t("network.lost")}</p>
    </div>
  );
}
