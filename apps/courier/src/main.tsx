import "./app.css";
import { courierEndpoints } from "@storefront/domain/endpoints";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { courierApi, setCaller } from "./lib/api.ts";
import { applyLocale, startingLocale, wordsFor } from "./lib/i18n.ts";
import { partnerOfPage } from "./lib/partner.ts";

const root = createRoot(document.getElementById("root") as HTMLElement);
const partner = partnerOfPage(document);

if (partner) {
  document.documentElement.style.setProperty("--brand", partner.brandColour);
  const locale = startingLocale();
  applyLocale(document.documentElement, locale);
  setCaller(partner.code, locale);
  // Who is signed in is asked at once, beside the language's catalogue, not after it.
  const firstCourier = courierApi(courierEndpoints.me());
  // Its failure (signed out, offline) is the App's to read once drawn, not an unhandled rejection meanwhile.
  firstCourier.catch(() => {});
  wordsFor(locale).then(
    (words) => root.render(<App partner={partner} initialWords={words} firstCourier={firstCourier} />),
    // Its words could not be loaded (no network, no copy yet): no language to say it in but this.
    () => root.render(<p className="p-5 text-xl">No connection. Open the app again once online.</p>),
  );
} else {
  root.render(<p className="p-5 text-xl">No courier app is served at this address.</p>);
}

// The service worker, once the app has loaded: it opens the app with no signal (service-worker/sw.ts).
// A browser that refuses it (private mode, tests that block it) runs the app without.
window.addEventListener("load", () => {
  navigator.serviceWorker?.register("/courier/sw.js", { scope: "/courier/" }).catch(() => {});
});
