import type { Cart } from "@storefront/domain/contract";
import { useT } from "../lib/i18n.ts";

/** The instructions an order carries, in words; nothing when it carries none. */
export function OrderInstructions({ instructions }: { instructions: Cart["deliveryInstructions"] }) {
  const t = useT();
  const lines = [
    ...(instructions.contactless ? [t("checkout.contactless")] : []),
    ...(instructions.callOnArrival ? [t("checkout.callOnArrival")] : []),
    ...(instructions.substitution
      ? [`${t("checkout.substitution")}: ${t(`checkout.substitution.${instructions.substitution}`)}`]
      : []),
  ];
  if (lines.length === 0) return null;
  return (
    <section className="grid gap-1" aria-labelledby="order-instructions">
      <h2 id="order-instructions" className="text-lg font-semibold">
        {t("checkout.instructions")}
      </h2>
      <ul className="list-inside list-disc text-ink-soft">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
