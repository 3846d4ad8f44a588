import { describe, expect, it } from "vitest";
import { cancelRefusalKey } from "./order-cancel.ts";

describe("a refused cancellation", () => {
  it("says the order is already being processed when the restaurant took it meanwhile", () => {
    expect(
      cancelRefusalKey({
        status: 400,
        type: "OrderStatusTransitionException",
        message: "cannot move APPROVED to CANCELED",
      }),
    ).toBe("order.cancel.tooLate");
  });

  it("says something went wrong otherwise, never the API's English message", () => {
    expect(cancelRefusalKey({ status: 500, type: "InternalServerException", message: "boom" })).toBe(
      "alert.somethingWentWrong",
    );
    expect(cancelRefusalKey(null)).toBe("alert.somethingWentWrong");
  });
});
