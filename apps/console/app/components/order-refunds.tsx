import { toMajorUnits } from "@storefront/domain";
import type { ConsoleOrder } from "@storefront/domain/contract";
import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { type MessageKey, useT } from "../lib/i18n.ts";
import type { RefundAnswer, RefundProblem } from "../lib/refund-answer.ts";
import { FIELD_CLASS, Notice } from "./form-parts.tsx";
import { useOrderFormat } from "./order-facts.tsx";

/**
 * The refunds made of an order, to every member who sees it, and the form to give back part of it
 * where the member may (`refundable` not null and above zero).
 */
export function OrderRefunds({ order, answer }: { order: ConsoleOrder; answer: RefundAnswer | undefined }) {
  const canRefund = order.refundable !== null && order.refundable > 0;
  return (
    <>
      {order.refunds.length > 0 ? <RefundList order={order} /> : null}
      {canRefund ? <RefundForm order={order} answer={answer} /> : null}
    </>
  );
}

function RefundList({ order }: { order: ConsoleOrder }) {
  const t = useT();
  const format = useOrderFormat();
  return (
    <section aria-labelledby="refunds-title" className="mt-6 grid gap-2 text-sm">
      <h3 id="refunds-title" className="font-semibold text-base">
        {t("order.refund.list")}
      </h3>
      <ul aria-labelledby="refunds-title" className="grid gap-1.5">
        {order.refunds.map((refund) => (
          <li key={`${refund.at}-${refund.amount}`} className="flex flex-wrap gap-x-2">
            <span className="font-medium tabular-nums">{format.money(order, refund.amount)}</span>
            <span className="text-ink-soft tabular-nums">{format.dateTime(order, refund.at, "unnamed")}</span>
            {/* The reason as typed, in its own direction, on a line of its own at the line's start. */}
            <span className="basis-full">
              <bdi>{refund.reason}</bdi>
            </span>
          </li>
        ))}
      </ul>
      <p className="font-medium">
        {t("order.refund.total", { amount: format.money(order, order.refundedAmount) })}
      </p>
    </section>
  );
}

const PROBLEMS: Record<RefundProblem, MessageKey> = {
  tooMuch: "order.refund.error.tooMuch",
  nothingLeft: "order.refund.error.nothingLeft",
  positive: "order.refund.error.positive",
  whole: "order.refund.error.whole",
  reason: "order.refund.error.reason",
  forbidden: "order.refund.error.forbidden",
  notRefundable: "order.refund.error.notRefundable",
  unavailable: "order.refund.error.unavailable",
  failed: "order.refund.error.failed",
};

/**
 * Amount and reason. The request key is made once per form shown and again after each answer, so
 * a second tap or a resend of the same form refunds nothing more, and the next refund is a new one.
 * A refused form keeps what was typed; a refund made empties it.
 */
function RefundForm({ order, answer }: { order: ConsoleOrder; answer: RefundAnswer | undefined }) {
  const t = useT();
  const format = useOrderFormat();
  const busy = useNavigation().state !== "idle";
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key for each answer of the API
  const requestKey = useMemo(() => crypto.randomUUID(), [answer]);
  const left = format.money(order, order.refundable ?? 0);
  const refused = answer?.refund === "refused" ? answer : null;
  const problem = refused
    ? t(PROBLEMS[refused.problem], { amount: left, currency: order.currencyCode })
    : null;
  const fieldError = (field: "amount" | "reason") =>
    refused?.field === field ? (
      <p id={`refund-${field}-error`} role="alert" className="text-red-800 text-sm">
        {problem}
      </p>
    ) : null;
  const describedBy = (field: "amount" | "reason", hint: string) =>
    refused?.field === field ? `${hint} refund-${field}-error` : hint;
  return (
    <Form
      key={order.refunds.length}
      method="post"
      aria-labelledby="refund-title"
      className="mt-6 grid gap-3 rounded-xl border border-line p-3"
    >
      <h3 id="refund-title" className="font-semibold">
        {t("order.refund.title")}
      </h3>
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="requestKey" value={requestKey} />
      <div className="grid gap-1 text-sm">
        <label htmlFor="refund-amount" className="font-medium">
          {t("order.refund.amount", { currency: order.currencyCode })}
        </label>
        <input
          id="refund-amount"
          name="amount"
          type="number"
          inputMode="decimal"
          required
          min={toMajorUnits(1, order.currencyCode)}
          max={order.refundable ?? 0}
          step={toMajorUnits(1, order.currencyCode)}
          aria-invalid={refused?.field === "amount" || undefined}
          aria-describedby={describedBy("amount", "refund-amount-hint")}
          className={`${FIELD_CLASS} max-w-48`}
        />
        <p id="refund-amount-hint" className="text-ink-soft text-xs">
          {t("order.refund.upTo", { amount: left })}
        </p>
        {fieldError("amount")}
      </div>
      <div className="grid gap-1 text-sm">
        <label htmlFor="refund-reason" className="font-medium">
          {t("order.refund.reason")}
        </label>
        <input
          id="refund-reason"
          name="reason"
          type="text"
          required
          maxLength={300}
          aria-invalid={refused?.field === "reason" || undefined}
          aria-describedby={describedBy("reason", "refund-reason-hint")}
          className={FIELD_CLASS}
        />
        <p id="refund-reason-hint" className="text-ink-soft text-xs">
          {t("order.refund.reasonHint")}
        </p>
        {fieldError("reason")}
      </div>
      {refused && refused.field === null ? <Notice tone="bad">{problem}</Notice> : null}
      {answer?.refund === "done" ? (
        <Notice tone="good">{t("order.refund.done", { amount: format.money(order, answer.amount) })}</Notice>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="justify-self-start rounded-lg bg-accent px-4 py-2 font-semibold text-white disabled:opacity-60"
      >
        {t("order.refund.submit")}
      </button>
    </Form>
  );
}
