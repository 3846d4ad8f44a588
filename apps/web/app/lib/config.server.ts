import { z } from "zod";

/** Settings of the web app's server side; nothing else reads process.env. */
const schema = z.object({
  PORT: z.coerce.number().int().default(3000),
  /** Where server-side loaders reach the API; the same process by default. */
  API_URL: z.string().url().optional(),
  PARTNER_CODE: z.string().default("demo"),
  BUILD_VERSION: z.string().default("dev"),
  /** Where the browser reaches the API: the partner's API host, else the same origin's /api. */
  PUBLIC_API_URL: z.string().optional(),
});

const env = schema.parse(process.env);

export const webConfig = {
  apiUrl: (env.API_URL ?? `http://127.0.0.1:${env.PORT}/api`).replace(/\/$/, ""),
  partnerCode: env.PARTNER_CODE,
  buildVersion: env.BUILD_VERSION,
  publicApiBase: (env.PUBLIC_API_URL ?? "/api").replace(/\/$/, ""),
};
