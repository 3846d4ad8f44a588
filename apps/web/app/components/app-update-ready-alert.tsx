import { useEffect, useState } from "react";
import { onUpdateReady, restartApp } from "../lib/bridge.ts";
import { useT } from "../lib/i18n.ts";
import { AlertDialog } from "./alert-dialog.tsx";

/**
 * The 'app update available' alert (foundations §8): in the app, once a newer web bundle of the
 * partner's is downloaded, the customer may start it now; otherwise it starts with the next launch.
 */
export function AppUpdateReadyAlert() {
  const t = useT();
  const [ready, setReady] = useState(false);
  useEffect(() => onUpdateReady(() => setReady(true)), []);
  return (
    <AlertDialog
      open={ready}
      title={t("app.updateReady.title")}
      message={t("app.updateReady.message")}
      buttons={[
        { label: t("app.updateReady.restart"), primary: true, onClick: () => void restartApp() },
        { label: t("app.update.later"), onClick: () => setReady(false) },
      ]}
      onDismiss={() => setReady(false)}
    />
  );
}
