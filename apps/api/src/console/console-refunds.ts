import {
  DEFAULT_LOCALE,
  formatMoney,
  localeFromTag,
  refundAmountProblem,
  refundableAmount,
  staffMay,
  toMajorUnits,
  wholeMinorUnits,
} from "@storefront/domain";
import { returnPointsAfterRefunds } from "../accounts/loyalty-points.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Mailer } from "../invoices/mailer.ts";
import { orderNotFound } from "../orders/order-history.ts";
import type { OrderRow } from "../orders/orders.ts";
import {
  findPaidPayment,
  findRefundByKey,
  findRefundRecipient,
  listRefundFacts,
  type OrderRefundRow,
  reserveRefund,
  settleRefund,
} from "../payments/order-refunds-repository.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { fillRefundEmail, REFUND_EMAILS } from "../payments/refund-emails.ts";
import type { Partner } from "../plugins/partner.ts";
import { recordAudit } from "./audit-log-repository.ts";
import { findOrderOfScope } from "./console-orders-repository.ts";
import type { ConsoleScope } from "./console-scope.ts";

export interface RefundDeps {
  db: Database;
  provider: PaymentProvider;
  mailer: Mailer;
  now: () => Date;
  /** Where a refund e-mail that could not be sent is told (the refund itself stands). */
  reportError: (error: unknown, message: string) => void;
}

const invalidAmount = (message: string) =>
  new AppError(400, "ValidationException", `amount ${message}`, { details: [{ field: "amount", message }] });

/** Whether the order is one the member may give part of back: delivered, and paid online. */
function refundableOrder(scope: ConsoleScope, order: OrderRow): boolean {
  return (
    staffMay(scope.role, "orders.refund") && order.status === "COMPLETED" && order.paymentType === "ONLINE"
  );
}

/**
 * What each order may still have refunded by this member (major units), null where they may not
 * refund it: for the console's order page.
 */
export async function refundableOf(
  db: Database,
  scope: ConsoleScope,
  orders: OrderRow[],
): Promise<Map<number, number | null>> {
  const eligible = orders.filter((order) => refundableOrder(scope, order));
  const facts = await listRefundFacts(
    db,
    eligible.map((order) => order.id),
  );
  return new Map(
    orders.map((order) => {
      const paid = facts.find((fact) => fact.orderId === order.id);
      return [order.id, paid ? toMajorUnits(refundableAmount(paid), order.currencyCode) : null];
    }),
  );
}

/** What a refund needs of the partner: its code for the processor, its brand and address for the e-mail. */
type RefundingPartner = Pick<Partner, "id" | "code" | "publicInfo" | "contacts">;

/** Tells the customer by e-mail, in their language, when they have an address. */
async function tellCustomer(
  deps: RefundDeps,
  partner: RefundingPartner,
  order: OrderRow,
  refund: OrderRefundRow,
) {
  const recipient = await findRefundRecipient(deps.db, order.userId);
  const to = recipient?.email ?? order.invoiceEmail;
  if (!to) return;
  const locale = localeFromTag(recipient?.lang) ?? DEFAULT_LOCALE;
  const texts = REFUND_EMAILS[locale];
  // The brand the customer orders from, as on the storefront and its invoices.
  const brand = partner.publicInfo.platformName;
  const values = {
    partner: brand,
    order: String(order.id),
    amount: formatMoney(toMajorUnits(refund.amount, order.currencyCode), order.currencyCode, locale),
    reason: refund.reason,
  };
  try {
    await deps.mailer.send({
      partnerId: partner.id,
      from: { name: brand, address: partner.contacts.email },
      to,
      subject: fillRefundEmail(texts.subject, values),
      text: fillRefundEmail(texts.body, values),
      attachments: [],
    });
  } catch (error) {
    deps.reportError(error, `the refund e-mail of order ${order.id} was not sent`);
  }
}

/**
 * Gives back part of a delivered order's online payment (an item missing, a late delivery): owners
 * and managers only, never more than is left, once per `requestKey`; audited, and the customer is
 * told by e-mail and on the order's page.
 */
export async function refundPartOfOrder(
  deps: RefundDeps,
  input: {
    scope: ConsoleScope;
    partner: RefundingPartner;
    orderId: number;
    amount: number;
    reason: string;
    requestKey: string;
  },
): Promise<OrderRow> {
  const { scope, partner } = input;
  if (!staffMay(scope.role, "orders.refund"))
    throw new AppError(403, "ForbiddenException", "This role does not refund orders");
  const order = await findOrderOfScope(deps.db, scope, input.orderId);
  if (!order) throw orderNotFound(input.orderId);
  const known = await findRefundByKey(deps.db, input.requestKey);
  if (known && known.orderId !== order.id)
    throw new AppError(409, "ValidationException", "This request key belongs to another refund", {
      details: [{ field: "requestKey", message: "is another refund's" }],
    });
  if (known?.status === "SUCCEEDED") return order;
  if (known?.status === "FAILED")
    throw new AppError(409, "ValidationException", "This refund failed; send it again as a new one", {
      details: [{ field: "requestKey", message: "is a failed refund's" }],
    });
  const payment = refundableOrder(scope, order) ? await findPaidPayment(deps.db, order.id) : null;
  if (!payment)
    throw new AppError(
      409,
      "PaymentException",
      "Only a delivered order paid online can be refunded in part",
      {
        errorCode: "NOT_REFUNDABLE",
      },
    );
  const amount = wholeMinorUnits(input.amount, order.currencyCode);
  if (amount === null) throw invalidAmount(`is not a whole amount of ${order.currencyCode}`);
  const refund =
    known ??
    (await reserveRefund(deps.db, {
      payment,
      row: {
        orderId: order.id,
        amount,
        reason: input.reason,
        requestKey: input.requestKey,
        staffId: scope.staffId,
        staffName: scope.staffName,
      },
      allows: ({ refunded, reported }) => {
        const left = refundableAmount({ paid: payment.amount, refunded, reported });
        const problem = refundAmountProblem(amount, left);
        if (problem)
          throw invalidAmount(
            `${problem} (${formatMoney(toMajorUnits(left, order.currencyCode), order.currencyCode, "en")})`,
          );
      },
    }));
  let refundId: string;
  try {
    ({ refundId } = await deps.provider.refund({
      transactionID: payment.providerPaymentId,
      reference: payment.providerReference,
      amount: refund.amount,
      currencyCode: order.currencyCode,
      context: {
        partnerCode: partner.code,
        payer: { partnerId: order.partnerId, userId: order.userId },
        orderId: order.id,
        idempotencyKey: `${partner.code}-refund-${refund.id}`,
      },
    }));
  } catch (error) {
    await settleRefund(deps.db, refund.id, { status: "FAILED", providerRefundId: null });
    throw error;
  }
  const done = await deps.db.transaction(async (tx) => {
    const settled = await settleRefund(tx, refund.id, { status: "SUCCEEDED", providerRefundId: refundId });
    // The order's points follow the money: taken back in proportion to all refunded so far.
    await returnPointsAfterRefunds(tx, order, deps.now());
    await recordAudit(
      tx,
      { partnerId: scope.partnerId, staffId: scope.staffId, staffName: scope.staffName },
      {
        action: "order.refund",
        entity: "order",
        entityId: order.id,
        before: null,
        after: { amount: toMajorUnits(settled.amount, order.currencyCode), reason: settled.reason },
        at: deps.now(),
      },
    );
    return settled;
  });
  await tellCustomer(deps, partner, order, done);
  return order;
}
