export * from "./catalogue.ts";
export * from "./common.ts";
export * from "./customer.ts";
