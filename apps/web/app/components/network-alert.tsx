import { useEffect, useState } from "react";
import { onConnectionChange } from "../lib/bridge.ts";
import { useT } from "../lib/i18n.ts";
import { Icon } from "./icons.tsx";

/** While there is no connection, say so; when it is back, reload to get fresh data. */
export function NetworkAlert() {
  const t = useT();
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    // Opened offline (a copy the service worker kept): said at once, not only when it drops.
    if (!navigator.onLine) setOffline(true);
    // A page on its way out (the visitor followed a link) is not reloaded over their navigation.
    let leaving = false;
    const leave = () => {
      leaving = true;
    };
    const back = () => {
      leaving = false;
    };
    window.addEventListener("beforeunload", leave);
    window.addEventListener("pageshow", back);
    const stop = onConnectionChange((online) => {
      if (!online) setOffline(true);
      else if (!leaving) window.location.reload();
    });
    return () => {
      stop();
      window.removeEventListener("beforeunload", leave);
      window.removeEventListener("pageshow", back);
    };
  }, []);
  if (!offline) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-4 bottom-20 z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-ink px-4 py-3 text-white shadow-xl md:bottom-6"
    >
      <Icon name="wifi-off" className="size-6 shrink-0" />
      <p>{t("network.lost")}</p>
    </div>
  );
}
