import { PROMO_CODE_PATTERN } from "@storefront/domain";
import type { Cart, CustomerPromoCodes } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { Suspense, useId, useState } from "react";
import { clientGet } from "../lib/api.client.ts";
import { useCart } from "../lib/cart.tsx";
import type { MessageKey } from "../lib/i18n.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { lazyPart } from "../lib/new-build.ts";
import { useStorefront } from "../lib/storefront.ts";
import { useTypedBeforeLive } from "../lib/typed-before-live.ts";
import { Ltr } from "./ltr.tsx";
import { hidePopup, Popup, popupButton } from "./popup.tsx";
import { StateButton, useButtonState } from "./state-button.tsx";

/** The customer's codes come with the popup that lists them, once opened (loaded on demand). */
const PromoCodeList = lazyPart(() =>
  import("./promo-code-list.tsx").then((module) => ({ default: module.PromoCodeList })),
);

const PROMO_ERRORS: Record<string, MessageKey> = {
  NOT_FOUND: "checkout.promo.notFound",
  UTILIZED: "checkout.promo.notFound",
  OUTDATED: "checkout.promo.outdated",
  DOES_NOT_APPLY: "checkout.promo.doesNotApply",
};

/** The promo code field: Latin, Cyrillic and digits up to 20; an applied code shows with its removal. */
export function CheckoutPromo({ cart }: { cart: Cart }) {
  const t = useT();
  const cartState = useCart();
  const [code, setCode] = useState("");
  const codeField = useTypedBeforeLive<HTMLInputElement>(code, setCode);
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useButtonState();
  const { client, user } = useStorefront();
  const locale = useLocale();
  const [mine, setMine] = useState<CustomerPromoCodes["promoCodes"] | null>(null);
  const apply = async (value: string) => {
    if (!PROMO_CODE_PATTERN.test(value)) return setError(t("checkout.promo.format"));
    setState("loading");
    const sent = await cartState.change(endpoints.carts.applyPromoCode(cart.cartId), { code: value }, [
      "PromoCodeException",
    ]);
    setState(sent.ok ? "complete" : "ready");
    if (sent.ok) {
      setCode("");
      setError(null);
    } else if (sent.error?.type === "PromoCodeException") {
      setError(t(PROMO_ERRORS[sent.error.errorCode ?? ""] ?? "checkout.promo.notFound"));
    }
  };
  // The personal promo codes popup: the codes this customer can use here, read as it opens.
  const mineId = `promo-codes-${useId()}`;
  const openMine = async () => {
    const answer = await clientGet(client, endpoints.customer.promoCodes(cart.localityCode), locale).catch(
      () => null,
    );
    setMine(answer?.promoCodes ?? []);
  };
  const loading = <div className="h-24 animate-pulse rounded-2xl bg-surface" />;
  if (cart.promocode) {
    return (
      <section className="grid gap-2">
        <h2 className="text-lg font-semibold">{t("checkout.promo")}</h2>
        <div className="flex min-h-12 items-center justify-between gap-3 rounded-2xl bg-green-50 px-4">
          <Ltr className="font-semibold text-green-800">{cart.promocode}</Ltr>
          {cart.promoCheckResult !== "OK" && cart.promoCheckResult && (
            <span className="text-sm text-red-700">
              {t(PROMO_ERRORS[cart.promoCheckResult] ?? "checkout.promo.notFound")}
            </span>
          )}
          <button
            type="button"
            className="min-h-11 px-2 text-sm font-medium underline"
            onClick={() => void cartState.change(endpoints.carts.removePromoCode(cart.cartId))}
          >
            {t("checkout.promo.remove")}
          </button>
        </div>
      </section>
    );
  }
  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void apply(code.trim());
      }}
    >
      <label htmlFor="promo-code" className="text-lg font-semibold">
        {t("checkout.promo")}
      </label>
      <div className="flex min-w-0 gap-2">
        <input
          id="promo-code"
          ref={codeField}
          value={code}
          maxLength={20}
          autoCapitalize="characters"
          dir="ltr"
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
          aria-invalid={error !== null}
          aria-describedby={error ? "promo-error" : undefined}
          className="min-h-12 min-w-0 flex-1 rounded-2xl border border-line px-4 uppercase focus:border-brand"
        />
        <StateButton
          type="submit"
          state={state}
          disabled={!code.trim()}
          className="min-h-12 rounded-2xl bg-ink px-5 font-medium text-white disabled:opacity-40"
        >
          {t("checkout.promo.apply")}
        </StateButton>
      </div>
      {error && (
        <p id="promo-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {user && (
        <>
          <button
            type="button"
            {...popupButton(mineId)}
            className="min-h-11 justify-self-start text-sm font-medium text-brand underline underline-offset-4"
          >
            {t("checkout.promo.mine")}
          </button>
          <Popup id={mineId} label={t("checkout.promo.mine")} onOpen={() => void openMine()}>
            {mine ? (
              <Suspense fallback={loading}>
                <PromoCodeList
                  promoCodes={mine}
                  onApply={async (picked) => {
                    hidePopup(mineId);
                    await apply(picked);
                  }}
                />
              </Suspense>
            ) : (
              loading
            )}
          </Popup>
        </>
      )}
    </form>
  );
}
