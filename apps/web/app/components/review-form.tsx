import { REVIEW_WINDOW_HOURS } from "@storefront/domain";
import { endpoints } from "@storefront/domain/endpoints";
import { useId, useState } from "react";
import { clientSend } from "../lib/api.client.ts";
import { useCart } from "../lib/cart.tsx";
import { type MessageKey, useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import { useTypedBeforeLive } from "../lib/typed-before-live.ts";
import { StateButton, useButtonState } from "./state-button.tsx";

/** What each refusal of a review (the API's `errorCode`) says, in the reader's words. */
const REFUSALS: Record<string, MessageKey> = {
  ORDER_NOT_COMPLETED: "review.refused.notCompleted",
  REVIEW_WINDOW_CLOSED: "review.refused.windowClosed",
  NO_COURIER: "review.refused.noCourier",
};

/** Why a review was refused, or that something went wrong when the answer does not say. */
export function reviewRefusalText(
  t: ReturnType<typeof useT>,
  kind: "vendor" | "courier",
  errorCode: string | undefined,
) {
  if (errorCode === "ALREADY_REVIEWED")
    return t(kind === "vendor" ? "review.refused.alreadyVendor" : "review.refused.alreadyCourier");
  const refusal = REFUSALS[errorCode ?? ""];
  return refusal ? t(refusal, { hours: REVIEW_WINDOW_HOURS }) : t("alert.somethingWentWrong");
}

/** A review given already, or the form to give one: 1 to 5 stars and a comment. */
export function ReviewForm({
  orderId,
  kind,
  given,
  open,
  onSaved,
}: {
  orderId: number;
  kind: "vendor" | "courier";
  given: { rating: number; comment: string | null } | null;
  open: boolean;
  onSaved: (review: { rating: number; comment: string | null }) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const { client } = useStorefront();
  const cartState = useCart();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const commentField = useTypedBeforeLive<HTMLTextAreaElement>(comment, setComment);
  const [state, setState] = useButtonState();
  const title = kind === "vendor" ? t("review.vendor") : t("review.courier");
  if (given)
    return (
      <section className="grid gap-1 rounded-2xl bg-surface p-4">
        <h3 className="font-semibold">{title}</h3>
        <p>
          <span aria-hidden="true">
            {"★".repeat(given.rating)}
            <span className="text-ink-soft">{"★".repeat(5 - given.rating)}</span>
          </span>
          <span className="sr-only">{t("review.rating", { rating: given.rating })}</span>
        </p>
        {given.comment && <p className="text-ink-soft">{given.comment}</p>}
      </section>
    );
  if (!open) return null;
  return (
    <form
      className="grid gap-3 rounded-2xl bg-surface p-4"
      onSubmit={async (event) => {
        event.preventDefault();
        if (rating === 0) return;
        setState("loading");
        const body = { rating, ...(comment.trim() ? { comment: comment.trim() } : {}) };
        const sent = await clientSend(client, endpoints.customer.review(orderId, kind), locale, body);
        setState(sent.ok ? "complete" : "ready");
        if (sent.ok) return onSaved({ rating, comment: comment.trim() || null });
        // A failed review says why, in an alert in the reader's language.
        cartState.showAlert({
          title: reviewRefusalText(t, kind, sent.error?.errorCode),
          buttons: [{ label: t("common.understood"), onClick: () => cartState.showAlert(null) }],
        });
      }}
    >
      <fieldset>
        <legend className="font-semibold">{title}</legend>
        <div className="mt-2 flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="cursor-pointer rounded-full">
              <input
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="sr-only"
                aria-label={t("review.rating", { rating: value })}
              />
              <span
                aria-hidden="true"
                className={`grid size-11 place-items-center rounded-full text-2xl ${value <= rating ? "text-amber-500" : "text-ink-soft/40"}`}
              >
                ★
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="grid gap-1">
        <span className="text-sm text-ink-soft">{t("review.comment")}</span>
        <textarea
          ref={commentField}
          value={comment}
          maxLength={1000}
          onChange={(event) => setComment(event.target.value)}
          dir="auto"
          className="min-h-20 rounded-xl border border-line bg-white p-3 text-match-parent focus:border-brand"
        />
      </label>
      <StateButton
        type="submit"
        state={state}
        disabled={rating === 0}
        className="min-h-11 justify-self-start rounded-full bg-brand px-5 font-medium text-brand-ink disabled:opacity-50"
      >
        {t("review.send")}
      </StateButton>
    </form>
  );
}
