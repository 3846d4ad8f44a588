import type { Cart } from "@storefront/domain/contract";
import { useCart } from "../lib/cart.tsx";
import { closingWords } from "../lib/closing-choices.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { Icon } from "./icons.tsx";

/**
 * Above the checkout's time: a vendor closes before an order now could arrive, so it cannot be
 * placed as it is; the customer picks what to have instead.
 */
export function ClosingNotice({ cart }: { cart: Cart }) {
  const t = useT();
  const locale = useLocale();
  const cartState = useCart();
  const [notice] = cartState.validation?.closingBeforeArrival ?? [];
  if (!notice) return null;
  const { title, choices } = closingWords(notice, cart, cartState, t, locale);
  return (
    <section
      aria-labelledby="closing-notice"
      className="grid gap-3 rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200"
    >
      <h2 id="closing-notice" className="flex items-start gap-2 font-semibold">
        <Icon name="clock" className="mt-0.5 size-5 shrink-0" />
        {title}
      </h2>
      {choices.length === 0 ? (
        <p>{t("checkout.closing.none")}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {choices.map((choice) => (
            <button
              key={choice.label}
              type="button"
              disabled={cartState.pending}
              onClick={() => void choice.choose()}
              className="min-h-11 rounded-full bg-white px-4 font-medium ring-1 ring-amber-300 hover:ring-amber-500"
            >
              {choice.label}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
