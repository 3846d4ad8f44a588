export * from "./defaults.ts";
export * from "./delivery.ts";
export * from "./geo.ts";
export * from "./image.ts";
export * from "./locales.ts";
export * from "./money.ts";
export * from "./rating.ts";
export * from "./working-hours.ts";
