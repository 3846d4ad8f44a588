import { needsNewerApp, releaseFor } from "@storefront/domain";
import { useEffect, useState } from "react";
import { useT } from "../lib/i18n.ts";
import { AlertDialog } from "./alert-dialog.tsx";

/** What the partner's release asks of this app, read once a visit (the app's start). */
interface ReleaseCheck {
  needed: boolean;
  appStoreLink: string;
  minNativeVersion: string;
}

/** The release whose alert the customer put off, for this visit. */
const PUT_OFF = "appUpdatePutOff";

/**
 * The 'app should be updated' alert (ordering-flow §4, §8): inside the native app, when the
 * partner's release for its platform needs a newer app than the one installed, the customer is sent
 * to the store. Checked once a visit, once the page is live; "Later" keeps it quiet for the visit.
 */
export function AppUpdateAlert({
  platform,
  version,
  metadataUrl,
}: {
  platform: "ios" | "android";
  version: string;
  metadataUrl: string;
}) {
  const t = useT();
  const key = `appRelease:${platform}:${version}`;
  const [check, setCheck] = useState<ReleaseCheck | null>(null);
  const [putOff, setPutOff] = useState(false);
  useEffect(() => {
    const take = (found: ReleaseCheck) => {
      setPutOff(sessionStorage.getItem(PUT_OFF) === found.minNativeVersion);
      setCheck(found);
    };
    const known = sessionStorage.getItem(key);
    if (known) {
      take(JSON.parse(known) as ReleaseCheck);
      return;
    }
    let current = true;
    fetch(metadataUrl)
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((metadata: unknown) => {
        const release = releaseFor(metadata, platform);
        if (!current || !release) return;
        take({
          needed: needsNewerApp(version, release),
          appStoreLink: release.appStoreLink,
          minNativeVersion: release.minNativeVersion,
        });
      })
      // Without the releases the app goes on as it is (§8: loading failures are only reported).
      .catch((error: unknown) => console.warn("app releases unreadable", error));
    return () => {
      current = false;
    };
  }, [key, metadataUrl, platform, version]);
  // Kept for the visit once shown (effects run after the alert has opened).
  useEffect(() => {
    if (check) sessionStorage.setItem(key, JSON.stringify(check));
  }, [check, key]);
  const open = check?.needed === true && !putOff;
  const later = () => {
    if (check) sessionStorage.setItem(PUT_OFF, check.minNativeVersion);
    setPutOff(true);
  };
  return (
    <AlertDialog
      open={open}
      title={t("app.update.title")}
      message={t("app.update.message")}
      buttons={[
        {
          label: t("app.update.open"),
          primary: true,
          onClick: () => {
            if (check) window.location.assign(check.appStoreLink);
          },
        },
        { label: t("app.update.later"), onClick: later },
      ]}
      onDismiss={later}
    />
  );
}
