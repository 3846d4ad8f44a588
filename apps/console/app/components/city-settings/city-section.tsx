import type { ReactNode } from "react";
import { type MessageKey, useT } from "../../lib/i18n.ts";

/** One part of a city's settings: a titled card of fields, two columns where there is room. */
export function CitySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-line sm:grid-cols-2"
      aria-labelledby={id}
    >
      <h2 id={id} className="font-semibold text-lg sm:col-span-2">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A field's label naming the city's currency: "Smallest order (EUR)". */
export function useMoneyLabel(currencyCode: string) {
  const t = useT();
  return (key: MessageKey) => t(key, { currency: currencyCode });
}
