export * from "./cart.ts";
export * from "./catalogue.ts";
export * from "./common.ts";
export * from "./customer.ts";
export * from "./invoice.ts";
export * from "./order.ts";
export * from "./payment.ts";
export * from "./review.ts";
