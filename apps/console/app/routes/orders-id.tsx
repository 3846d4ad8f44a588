import { handoverCodeLocked } from "@storefront/domain";
import {
  type ConsoleOrder,
  orderCourierFormSchema,
  orderMoveFormSchema,
  orderRefundFormSchema,
  type StaffMember,
} from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { Fragment } from "react";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useOutletContext,
} from "react-router";
import { Ltr } from "../components/ltr.tsx";
import { OrderActions } from "../components/order-actions.tsx";
import { itemCount, StatusBadge, useOrderFormat } from "../components/order-facts.tsx";
import { OrderRefunds } from "../components/order-refunds.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { ConsoleApiError, consoleApi, signInRedirect } from "../lib/api.ts";
import { parseForm, refusedForm } from "../lib/form-input.ts";
import { useT } from "../lib/i18n.ts";
import { type RefundAnswer, refusedRefund } from "../lib/refund-answer.ts";
import type { Route } from "./+types/orders-id";

interface Courier {
  id: number;
  name: string;
  phone: string;
  active: boolean;
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    const order = await consoleApi(consoleEndpoints.order(params.id));
    const couriers = order.canAssignCourier
      ? (await consoleApi(consoleEndpoints.couriers<Courier>())).couriers.filter((courier) => courier.active)
      : [];
    return { order, couriers };
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/**
 * One move, a courier or a refund, as the form says (`intent`); a refusal comes back to show beside
 * the buttons, or a refund's beside the field it names.
 */
export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "refund") return refundAction(params, request, form);
  const parsed =
    form.get("intent") === "courier"
      ? parseForm(orderCourierFormSchema, form)
      : parseForm(orderMoveFormSchema, form);
  if (!parsed.ok) return refusedForm({ refused: "invalid" as const }, parsed.errors);
  const asked = parsed.input;
  try {
    if ("courierId" in asked) {
      await consoleApi(consoleEndpoints.assignCourier(params.id), {
        body: { courierId: asked.courierId },
      });
    } else {
      await consoleApi(consoleEndpoints.moveOrder(params.id, asked.action), { body: asked.move });
    }
    return { refused: null };
  } catch (error) {
    if (error instanceof ConsoleApiError && error.status < 500 && error.status !== 401)
      return { refused: error.body.type === "OrderStatusTransitionException" ? "moved" : "invalid" };
    return signInRedirect(error, params.locale, request);
  }
}

/** Gives back part of the order; the page loads the order again, with the refund in its list. */
async function refundAction(
  params: Route.ClientActionArgs["params"],
  request: Request,
  form: FormData,
): Promise<RefundAnswer | ReturnType<typeof refusedForm<RefundAnswer>>> {
  const parsed = parseForm(orderRefundFormSchema, form);
  if (!parsed.ok)
    return refusedForm<RefundAnswer>(
      { refund: "refused", field: "amount", problem: "positive" },
      parsed.errors,
    );
  try {
    await consoleApi(consoleEndpoints.refundOrder(params.id), { body: parsed.input.refund });
    return { refund: "done", amount: parsed.input.refund.amount };
  } catch (error) {
    const refused = error instanceof ConsoleApiError ? refusedRefund(error) : null;
    if (refused) return refused;
    return signInRedirect(error, params.locale, request);
  }
}

function History({ order }: { order: ConsoleOrder }) {
  const t = useT();
  const format = useOrderFormat();
  return (
    <section aria-labelledby="history-title" className="mt-6">
      <h3 id="history-title" className="font-semibold">
        {t("order.history")}
      </h3>
      <ol className="mt-2 grid gap-2 text-sm">
        {order.history.map((change) => (
          <li key={`${change.at}-${change.status}`} className="flex flex-wrap gap-x-2">
            <span className="text-ink-soft tabular-nums">{format.dateTime(order, change.at, "unnamed")}</span>
            <span className="font-medium">{t(`status.${change.status}`)}</span>
            <span className="text-ink-soft">
              · {change.staffName ?? t(`actor.${change.actor as "CUSTOMER"}`)}
            </span>
            {change.note ? <span className="basis-full text-ink-soft">“{change.note}”</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Messages to the customer about the order that failed after all their tries, and why. */
function UndeliveredMessages({ order }: { order: ConsoleOrder }) {
  const t = useT();
  const format = useOrderFormat();
  if (order.undeliveredMessages.length === 0) return null;
  return (
    <section aria-labelledby="undelivered-title" className="mt-6 rounded-xl bg-red-50 p-4 text-red-900">
      <h3 id="undelivered-title" className="font-semibold">
        {t("order.undeliveredMessages")}
      </h3>
      <ul className="mt-2 grid gap-2 text-sm">
        {order.undeliveredMessages.map((message) => (
          <li key={`${message.at}-${message.channel}-${message.reason}`} className="flex flex-wrap gap-x-2">
            <span className="tabular-nums">{format.dateTime(order, message.at, "unnamed")}</span>
            <span className="font-medium">{t(`order.message.${message.channel}`)}</span>
            <span className="basis-full">{message.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CourierForm({ order, couriers }: { order: ConsoleOrder; couriers: Courier[] }) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  if (!order.canAssignCourier) return null;
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="courier" />
      <div className="grid flex-1 gap-1 text-sm">
        <label htmlFor="courier-choice">{t("order.courier")}</label>
        <select
          id="courier-choice"
          name="courierId"
          required
          defaultValue=""
          className="rounded-lg border border-line bg-white px-2 py-2"
        >
          <option value="" disabled>
            {t("order.chooseCourier")}
          </option>
          {couriers.map((courier) => (
            <option key={courier.id} value={courier.id}>
              {courier.name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg border border-accent px-4 py-2 font-medium text-accent"
      >
        {order.courier ? t("order.changeCourier") : t("order.assignCourier")}
      </button>
    </Form>
  );
}

export default function OrderDetails() {
  const t = useT();
  const format = useOrderFormat();
  const member = useOutletContext<StaffMember>();
  const { order, couriers } = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const { search } = useLocation();
  return (
    <section
      aria-labelledby="order-title"
      className="self-start rounded-2xl bg-white p-5 ring-1 ring-line lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto"
    >
      <div className="flex items-center justify-between gap-2">
        <PageTitle>{t("orders.number", { id: order.id })}</PageTitle>
        <h2 id="order-title" className="font-semibold text-xl">
          {t("orders.number", { id: order.id })}
        </h2>
        <StatusBadge status={order.status} />
      </div>
      <Link to={`..${search}`} relative="path" className="mt-1 inline-block text-accent text-sm underline">
        {t("order.backToBoard")}
      </Link>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-ink-soft">{t("order.placed")}</dt>
        <dd>{format.dateTime(order, order.createdAt)}</dd>
        <dt className="text-ink-soft">{t("order.receipt")}</dt>
        <dd>{t(`receipt.${order.receiptType}`)}</dd>
        {order.preorderAt ? (
          <>
            <dt className="text-ink-soft">{t("order.wantedFor")}</dt>
            <dd>{format.dateTime(order, order.preorderAt)}</dd>
          </>
        ) : null}
        <dt className="text-ink-soft">{t("order.customer")}</dt>
        <dd>
          {order.customer.name ?? t("order.unnamed")} ·{" "}
          <a className="text-accent underline" href={`tel:${order.customer.phone}`}>
            <Ltr>{order.customer.phone}</Ltr>
          </a>
        </dd>
        {/* A takeaway's address is only where its cart was started: nobody goes there. */}
        {order.address && order.receiptType === "DELIVERY" ? (
          <>
            <dt className="text-ink-soft">{t("order.address")}</dt>
            <dd>
              <bdi>{order.address.formattedAddress ?? order.address.shortAddress}</bdi>
            </dd>
            {/* What the customer told the courier, so the door is found without a call. */}
            {(["apartmentNumber", "entrance", "floor", "intercom"] as const).map((field) =>
              order.address?.[field] ? (
                <Fragment key={field}>
                  <dt className="text-ink-soft">{t(`order.${field}`)}</dt>
                  <dd>
                    <bdi>{order.address[field]}</bdi>
                  </dd>
                </Fragment>
              ) : null,
            )}
            {order.address.comment ? (
              <>
                <dt className="text-ink-soft">{t("order.courierComment")}</dt>
                <dd>{order.address.comment}</dd>
              </>
            ) : null}
          </>
        ) : null}
        <OrderHandOver instructions={order.deliveryInstructions} />
        <dt className="text-ink-soft">{t("order.payment")}</dt>
        <dd>
          {t(`payment.${order.paymentType}`)} · {format.money(order, order.price)}
        </dd>
        {order.preparationMinutes ? (
          <>
            <dt className="text-ink-soft">{t("order.preparation")}</dt>
            <dd>{t("order.minutes", { count: order.preparationMinutes })}</dd>
          </>
        ) : null}
        {order.courier ? (
          <>
            <dt className="text-ink-soft">{t("order.courier")}</dt>
            <dd>
              {order.courier.name} ·{" "}
              <a className="text-accent underline" href={`tel:${order.courier.phone}`}>
                <Ltr>{order.courier.phone}</Ltr>
              </a>
            </dd>
          </>
        ) : null}
      </dl>
      {order.vendorCarts.map((cart) => (
        <section key={cart.vendorCartId} className="mt-5" aria-label={cart.vendorName}>
          <h3 className="font-semibold">
            {cart.vendorName}{" "}
            <span className="font-normal text-ink-soft text-sm">
              · {t("orders.items", { count: itemCount({ ...order, vendorCarts: [cart] }) })}
            </span>
          </h3>
          <ul className="mt-2 grid gap-1.5 text-sm">
            {cart.items.map((item) => (
              <li key={item.cartProductId}>
                <span className="font-medium tabular-nums">{item.count} ×</span> {item.name}
                {item.components.length > 0 ? (
                  <span className="text-ink-soft"> ({item.components.map((c) => c.name).join(", ")})</span>
                ) : null}
                {item.comment ? <span className="block text-amber-800">“{item.comment}”</span> : null}
              </li>
            ))}
          </ul>
          {order.withCutlery && cart.cutlery > 0 ? (
            <p className="mt-1 text-ink-soft text-sm">{t("order.cutlery", { count: cart.cutlery })}</p>
          ) : null}
        </section>
      ))}
      {result && "refused" in result && result.refused ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800 text-sm">
          {result.refused === "moved" ? t("order.refusedMoved") : t("order.refusedInvalid")}
        </p>
      ) : null}
      <OrderActions order={order} />
      {member.permissions.includes("orders.delivery") ? (
        <CourierForm order={order} couriers={couriers} />
      ) : null}
      <OrderRefunds order={order} answer={result && "refund" in result ? result : undefined} />
      {handoverCodeLocked(order.wrongHandoverCodes) ? (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 p-4 font-medium text-red-900">
          {t("order.handoverLocked", { count: order.wrongHandoverCodes })}
        </p>
      ) : null}
      {order.deliveryPhotoUrl ? (
        <figure className="mt-6 grid max-w-md gap-2">
          <img
            src={order.deliveryPhotoUrl}
            alt={t("order.deliveryPhoto")}
            loading="lazy"
            className="max-h-72 rounded-xl object-cover"
          />
          <figcaption className="text-ink-soft text-sm">{t("order.deliveryPhoto")}</figcaption>
        </figure>
      ) : null}
      <UndeliveredMessages order={order} />
      <History order={order} />
    </section>
  );
}

/** How the customer wants the order handed over, when they asked anything. */
function OrderHandOver({ instructions }: { instructions: ConsoleOrder["deliveryInstructions"] }) {
  const t = useT();
  const asked = [
    ...(instructions.contactless ? [t("order.contactless")] : []),
    ...(instructions.callOnArrival ? [t("order.callOnArrival")] : []),
    ...(instructions.substitution ? [t(`order.substitution.${instructions.substitution}`)] : []),
  ];
  if (asked.length === 0) return null;
  return (
    <>
      <dt className="text-ink-soft">{t("order.instructions")}</dt>
      <dd className="font-medium text-amber-800">{asked.join(" · ")}</dd>
    </>
  );
}
