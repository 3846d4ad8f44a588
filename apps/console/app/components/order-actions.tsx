import type { ConsoleOrder } from "@storefront/domain/contract";
import { Form, useNavigation } from "react-router";
import { useT } from "../lib/i18n.ts";

/** The kitchen's usual answers, in minutes; 20 is chosen unless another is picked. */
const PREPARATION_CHOICES = [10, 15, 20, 30, 45, 60] as const;

type Action = ConsoleOrder["actions"][number];

function AcceptForm() {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="rounded-xl bg-accent-soft p-4">
      <input type="hidden" name="action" value="accept" />
      <fieldset>
        <legend className="font-medium text-sm">{t("order.preparationQuestion")}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {PREPARATION_CHOICES.map((minutes) => (
            <label
              key={minutes}
              className="cursor-pointer rounded-lg border border-line bg-white px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent has-[:checked]:text-white"
            >
              <input
                type="radio"
                name="preparationMinutes"
                value={minutes}
                defaultChecked={minutes === 20}
                className="sr-only"
              />
              {t("order.minutes", { count: minutes })}
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="submit"
        disabled={busy}
        className="mt-3 w-full rounded-lg bg-accent px-4 py-2.5 font-semibold text-white"
      >
        {t("action.accept")}
      </button>
    </Form>
  );
}

/** Declining and cancelling ask why: the reason goes to the order's history. */
function ReasonForm({ action }: { action: "decline" | "cancel" }) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  return (
    <details className="rounded-xl border border-line p-3">
      <summary className="cursor-pointer font-medium text-red-700 text-sm">{t(`action.${action}`)}</summary>
      <Form method="post" className="mt-3 grid gap-2">
        <input type="hidden" name="action" value={action} />
        <label className="grid gap-1 text-sm">
          {t("order.reason")}
          <textarea
            name="reason"
            required
            maxLength={300}
            rows={2}
            className="rounded-lg border border-line px-2 py-1.5"
          />
        </label>
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white"
        >
          {t(`action.${action}Confirm`)}
        </button>
      </Form>
    </details>
  );
}

/** The moves the member may make on the order now, as the API lists them. */
export function OrderActions({ order }: { order: ConsoleOrder }) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  const simple = order.actions.filter(
    (action): action is Exclude<Action, "accept" | "decline" | "cancel"> =>
      !["accept", "decline", "cancel"].includes(action),
  );
  if (order.actions.length === 0) return null;
  return (
    <div className="mt-5 grid gap-3">
      {order.actions.includes("accept") ? <AcceptForm /> : null}
      {simple.map((action) => (
        <Form method="post" key={action}>
          <input type="hidden" name="action" value={action} />
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-lg bg-accent px-4 py-2.5 font-semibold text-white"
          >
            {t(`action.${action}`)}
          </button>
        </Form>
      ))}
      {order.actions.includes("decline") ? <ReasonForm action="decline" /> : null}
      {order.actions.includes("cancel") ? <ReasonForm action="cancel" /> : null}
    </div>
  );
}
