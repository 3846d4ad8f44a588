import { describe, expect, it } from "vitest";
import { ApiRefusal } from "../lib/api.ts";
import { deliveryRefusal } from "./handover.tsx";

/** The key and values a text was asked for, as the screen's words would be. */
const t = (key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key;

describe("deliveryRefusal", () => {
  it.each([
    [
      new ApiRefusal(400, {
        status: 400,
        type: "InvalidHandoverCodeException",
        message: "This is not the customer's code",
        wrongCodes: 2,
      }),
      'handover.wrongCount {"count":2}',
    ],
    // An API from before the count: the plain line.
    [
      new ApiRefusal(400, { status: 400, type: "InvalidHandoverCodeException", message: "not the code" }),
      "handover.wrong",
    ],
    [
      new ApiRefusal(409, {
        status: 409,
        type: "InvalidHandoverCodeException",
        errorCode: "HANDOVER_LOCKED",
        message: "Too many wrong codes",
      }),
      "handover.locked",
    ],
    [new ApiRefusal(404, { status: 404, type: "OrderNotFoundException", message: "gone" }), "error.notYours"],
    [new Error("offline"), "error.generic"],
  ])("%o reads %s", (error, text) => {
    expect(deliveryRefusal(error, { t: t as never })).toBe(text);
  });
});
