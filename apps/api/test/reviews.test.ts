import { endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vendors } from "../src/db/schema.ts";
import { addRating } from "../src/reviews/review-rules.ts";
import { callEndpoint } from "./cart-helpers.ts";
import { completeOrder, NOW, placeOrderIn } from "./completed-orders.ts";
import { signInCustomer, startTestApp, type TestApp } from "./harness.ts";

const HOUR = 3600_000;

let t: TestApp;
let clock = NOW;

beforeAll(async () => {
  t = await startTestApp({ clock: () => clock });
});
afterAll(() => t.close());

async function signedIn(): Promise<string> {
  return (await signInCustomer(t.app)).cookie;
}

/** A delivered order of a new customer, completed `hoursAgo` before now. */
async function completedOrder(hoursAgo = 1, options: Parameters<typeof placeOrderIn>[2] = {}) {
  const session = await signedIn();
  const order = await placeOrderIn(t, session, options);
  const completedAt = new Date(clock.getTime() - hoursAgo * HOUR);
  await completeOrder(t, order.id, completedAt);
  return { session, order, completedAt };
}

function review(session: string, orderId: number, kind: "vendor" | "courier", body: object) {
  return callEndpoint(t.app, endpoints.customer.review(orderId, kind), session, body);
}

async function ratingOf(vendorId: number) {
  const [row] = await t.database.db
    .select({ rating: vendors.rating, ratingsCount: vendors.ratingsCount })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  return row as { rating: number | null; ratingsCount: number };
}

describe("reviewing a completed order", () => {
  it("takes a vendor review once and counts it in the vendor's rating", async () => {
    const { session, order, completedAt } = await completedOrder();
    const vendorId = order.vendorCarts[0].vendorId as number;
    const before = await ratingOf(vendorId);

    const made = await review(session, order.id, "vendor", { rating: 2, comment: "  Cold when it came  " });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      orderId: order.id,
      kind: "VENDOR",
      vendorId,
      vendorName: order.vendorCarts[0].vendorName,
      rating: 2,
      comment: "Cold when it came",
    });
    expect(await ratingOf(vendorId)).toEqual(addRating(before, 2));

    const again = await review(session, order.id, "vendor", { rating: 5 });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ type: "ReviewException", errorCode: "ALREADY_REVIEWED" });
    expect(again.body.message).toMatch(/already reviewed the vendor/);
    expect(await ratingOf(vendorId)).toEqual(addRating(before, 2));

    const state = await callEndpoint(t.app, endpoints.customer.orderReviews(order.id), session);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({
      vendorReview: { id: made.body.id, rating: 2 },
      courierReview: null,
      canReviewVendor: false,
      canReviewCourier: true,
      reviewableUntil: new Date(completedAt.getTime() + 48 * HOUR).toISOString(),
    });
  });

  it("takes a courier review of a delivery once, apart from the vendor review", async () => {
    const { session, order } = await completedOrder(47);
    const courier = await review(session, order.id, "courier", { rating: 5 });
    expect(courier.status).toBe(201);
    expect(courier.body).toMatchObject({ kind: "COURIER", vendorId: null, rating: 5, comment: null });
    expect((await review(session, order.id, "courier", { rating: 4 })).body.errorCode).toBe(
      "ALREADY_REVIEWED",
    );
    expect((await review(session, order.id, "vendor", { rating: 4 })).status).toBe(201);
  });

  it("refuses a courier review of a takeaway order that no courier carried", async () => {
    const { session, order } = await completedOrder(1, { receiptType: "TAKEAWAY" });
    const answer = await review(session, order.id, "courier", { rating: 5 });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ type: "ReviewException", errorCode: "NO_COURIER" });
    const state = await callEndpoint(t.app, endpoints.customer.orderReviews(order.id), session);
    expect(state.body).toMatchObject({ canReviewVendor: true, canReviewCourier: false });
  });
});

describe("refusing a review", () => {
  it("of an order that is not completed", async () => {
    const session = await signedIn();
    const order = await placeOrderIn(t, session);
    const answer = await review(session, order.id, "vendor", { rating: 5 });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      type: "ReviewException",
      errorCode: "ORDER_NOT_COMPLETED",
      message: "Only a completed order can be reviewed",
    });
    const state = await callEndpoint(t.app, endpoints.customer.orderReviews(order.id), session);
    expect(state.body).toEqual({
      vendorReview: null,
      courierReview: null,
      canReviewVendor: false,
      canReviewCourier: false,
      reviewableUntil: null,
    });
  });

  it("more than 48 hours after completion", async () => {
    const { session, order } = await completedOrder(49);
    for (const kind of ["vendor", "courier"] as const) {
      const answer = await review(session, order.id, kind, { rating: 4 });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ type: "ReviewException", errorCode: "REVIEW_WINDOW_CLOSED" });
      expect(answer.body.message).toMatch(/48 hours/);
    }
    const state = await callEndpoint(t.app, endpoints.customer.orderReviews(order.id), session);
    expect(state.body).toMatchObject({ canReviewVendor: false, canReviewCourier: false });
  });

  it("with a rating that is not a whole number from 1 to 5, or a comment over 1000 characters", async () => {
    const { session, order } = await completedOrder();
    for (const rating of [0, 6, 3.5, "5", null, undefined]) {
      const answer = await review(session, order.id, "vendor", { rating });
      expect(answer.status, String(rating)).toBe(400);
      expect(answer.body.type).toBe("ValidationException");
      expect(answer.body.details.map((d: { field: string }) => d.field)).toEqual(["rating"]);
    }
    const long = await review(session, order.id, "vendor", { rating: 5, comment: "x".repeat(1001) });
    expect(long.body.details.map((d: { field: string }) => d.field)).toEqual(["comment"]);
    expect((await review(session, order.id, "vendor", { rating: 5, comment: "x".repeat(1000) })).status).toBe(
      201,
    );
  });

  it("of another customer's order, as of an unknown one", async () => {
    const { order } = await completedOrder();
    const stranger = await signedIn();
    for (const answer of [
      await review(stranger, order.id, "vendor", { rating: 1 }),
      await callEndpoint(t.app, endpoints.customer.orderReviews(order.id), stranger),
      await review(stranger, 999_999, "vendor", { rating: 1 }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.type).toBe("OrderNotFoundException");
    }
    expect((await review("", order.id, "vendor", { rating: 1 })).status).toBe(401);
  });
});

describe("the customer's reviews", () => {
  it("are listed newest first, a page at a time, and only their own", async () => {
    const session = await signedIn();
    const made: number[] = [];
    for (const hour of [1, 2, 3]) {
      const order = await placeOrderIn(t, session);
      await completeOrder(t, order.id, new Date(NOW.getTime() - 1000));
      clock = new Date(NOW.getTime() + hour * HOUR);
      made.push(
        (await review(session, order.id, "vendor", { rating: hour + 2, comment: `visit ${hour}` })).body.id,
      );
    }
    clock = NOW;

    const first = await callEndpoint(t.app, endpoints.customer.reviews(1, 2), session);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, size: 2, totalElements: 3, totalPages: 2 });
    expect(first.body.content.map((r: { id: number }) => r.id)).toEqual([made[2], made[1]]);
    expect(first.body.content[0]).toMatchObject({
      kind: "VENDOR",
      rating: 5,
      comment: "visit 3",
      localityCode: "riga",
    });
    expect(first.body.content[0].vendorName).toEqual(expect.any(String));
    expect(first.body.content[0].createdAt).toBe(new Date(NOW.getTime() + 3 * HOUR).toISOString());

    const second = await callEndpoint(t.app, endpoints.customer.reviews(2, 2), session);
    expect(second.body.content.map((r: { id: number }) => r.id)).toEqual([made[0]]);

    const other = await callEndpoint(t.app, endpoints.customer.reviews(), await signedIn());
    expect(other.body).toMatchObject({ content: [], totalElements: 0, totalPages: 0, size: 30 });
    expect((await callEndpoint(t.app, endpoints.customer.reviews(undefined, 0), session)).status).toBe(400);
  });
});
