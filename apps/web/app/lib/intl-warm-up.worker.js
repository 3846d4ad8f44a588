// Started by the page's head (intl-warm-up.ts) in a thread of its own: makes the first number, plural
// and date formats of the page's language, so the browser's ICU has loaded its data (shared by every
// thread of the page's process) before the page's own first Intl object, which then costs well under
// a millisecond on the page's main thread rather than 18-44 ms in the middle of hydration.
const params = new URLSearchParams(self.location.search);
const locale = params.get("locale") || undefined;
try {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(1.5);
  new Intl.NumberFormat(locale, { signDisplay: "exceptZero" }).format(1);
  new Intl.PluralRules(locale).select(2);
  new Intl.DateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "numeric",
  }).format(0);
  new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(0);
} finally {
  self.close();
}
