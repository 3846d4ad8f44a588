import { formatMoney } from "@storefront/domain";
import type { CartItem } from "@storefront/domain/contract";
import { useEffect, useRef, useState } from "react";
import { imageSource } from "../lib/catalogue-view.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { useTypedBeforeLive } from "../lib/typed-before-live.ts";
import { Icon } from "./icons.tsx";
import { Picture } from "./picture.tsx";

/** A stepper of the cart: minus, count, plus, each a 44 px target. */
export function Stepper({
  count,
  onLess,
  onMore,
  lessLabel,
  moreLabel,
  moreDisabled = false,
  lessHidden = false,
}: {
  count: number;
  onLess: () => void;
  onMore: () => void;
  lessLabel: string;
  moreLabel: string;
  moreDisabled?: boolean;
  lessHidden?: boolean;
}) {
  const button = "grid size-11 place-items-center rounded-full hover:bg-black/5 disabled:opacity-40";
  return (
    <div className="flex items-center rounded-full bg-surface">
      {lessHidden ? (
        <span className="size-11" />
      ) : (
        <button type="button" className={button} aria-label={lessLabel} onClick={onLess}>
          <Icon name="minus" className="size-5" />
        </button>
      )}
      <output className="min-w-6 text-center font-semibold" aria-live="polite">
        {count}
      </output>
      <button
        type="button"
        className={button}
        aria-label={moreLabel}
        onClick={onMore}
        disabled={moreDisabled}
      >
        <Icon name="plus" className="size-5" />
      </button>
    </div>
  );
}

/** One product of the cart: picture, name, price, options, stepper and the comment for the kitchen. */
export function CartLine({
  item,
  currencyCode,
  invalid,
  onCount,
  onComment,
}: {
  item: CartItem;
  currencyCode: string;
  invalid: boolean;
  onCount: (count: number) => void;
  onComment: (comment: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [comment, setComment] = useState(item.comment ?? "");
  const commentField = useTypedBeforeLive<HTMLInputElement>(comment, setComment);
  const [count, setCount] = useSettlingCount(item.count, onCount);
  const money = (amount: number) => formatMoney(amount, currencyCode, locale);
  const save = () => {
    if (comment.trim() !== (item.comment ?? "")) onComment(comment.trim());
  };
  return (
    <li className={`grid grid-cols-[4rem_1fr] gap-3 py-3 ${invalid ? "opacity-70" : ""}`}>
      <Picture
        source={imageSource(item.image, 64, 300)}
        sizes="64px"
        className="aspect-square w-16 rounded-xl object-cover"
      />
      <div className="grid min-w-0 gap-1">
        <div className="flex items-start justify-between gap-2">
          <h3 className="line-clamp-3 font-medium leading-snug">{item.name}</h3>
          {invalid && (
            <span className="shrink-0 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700">
              {t("cart.inaccessible")}
            </span>
          )}
        </div>
        {item.person && (
          <p className="text-sm text-ink-soft">{t("group.forPerson", { name: item.person })}</p>
        )}
        {item.components.length > 0 && (
          <ul className="text-sm text-ink-soft">
            {item.components.map((component) => (
              <li key={component.id}>
                {component.name}
                {component.price > 0 && ` +${money(component.price)}`}
              </li>
            ))}
          </ul>
        )}
        <div className="flex items-center justify-between gap-2">
          <span className="inline-flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold">
              {money(invalid ? item.price * count : (item.totalPrice / item.count) * count)}
            </span>
            {item.originalPrice > item.price && (
              <s className="text-sm text-ink-soft">
                <span className="sr-only">{t("product.oldPrice")}</span>
                {money(item.originalPrice * count)}
              </s>
            )}
          </span>
          <Stepper
            count={count}
            // Taking the last unit away removes the line now (with its confirmation), not after a pause.
            onLess={() => (count > 1 ? setCount(count - 1) : onCount(0))}
            onMore={() => setCount(count + 1)}
            lessLabel={t("cart.less", { name: item.name })}
            moreLabel={t("cart.more", { name: item.name })}
            moreDisabled={count >= 99 || invalid}
          />
        </div>
        <input
          ref={commentField}
          type="text"
          value={comment}
          maxLength={300}
          onChange={(event) => setComment(event.target.value)}
          onBlur={save}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              save();
            }
          }}
          placeholder={t("cart.comment")}
          aria-label={t("cart.comment.for", { name: item.name })}
          dir="auto"
          className="min-h-11 w-full rounded-xl border border-line px-3 text-sm text-match-parent focus:border-brand"
        />
      </div>
    </li>
  );
}

/** Taps on a stepper gather for this long before the count goes to the server. */
const COUNT_SETTLE_MS = 300;

/**
 * An optimistic count: taps change it at once and go to the server together once they pause; the
 * server's answer then settles it.
 */
export function useSettlingCount(serverCount: number, send: (count: number) => void) {
  const [local, setLocal] = useState(serverCount);
  const timer = useRef<number | undefined>(undefined);
  const waiting = useRef<number | null>(null);
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    if (timer.current === undefined) setLocal(serverCount);
  }, [serverCount]);
  // Closing the cart or leaving the page does not lose the last taps.
  useEffect(() => {
    const flush = () => {
      window.clearTimeout(timer.current);
      timer.current = undefined;
      if (waiting.current !== null) sendRef.current(waiting.current);
      waiting.current = null;
    };
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, []);
  const change = (count: number) => {
    setLocal(count);
    waiting.current = count;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      waiting.current = null;
      send(count);
    }, COUNT_SETTLE_MS);
  };
  return [local, change] as const;
}
