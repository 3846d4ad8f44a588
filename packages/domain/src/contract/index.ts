export * from "./catalogue.ts";
export * from "./common.ts";
