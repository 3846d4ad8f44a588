import type { InjectOptions, Response } from "light-my-request";

/** What the test helpers need of an app: `inject`. A Fastify instance has it, and so has `remoteApp`. */
export interface Injects {
  inject(options: InjectOptions): Promise<Pick<Response, "statusCode" | "body" | "headers" | "json">>;
}

/**
 * A server process reached over real HTTP, with the test helpers' `inject` shape: the visitor's
 * `remoteAddress` travels as X-Forwarded-For (the process must trust the loopback proxy), and every
 * request goes on a connection of its own.
 */
export function remoteApp(baseUrl: string): Injects {
  return {
    async inject(options) {
      const headers: Record<string, string> = { connection: "close" };
      for (const [name, value] of Object.entries(options.headers ?? {}))
        if (value !== undefined) headers[name.toLowerCase()] = String(value);
      if (options.remoteAddress) headers["x-forwarded-for"] = options.remoteAddress;
      let body: string | undefined;
      if (options.payload !== undefined) {
        body = typeof options.payload === "string" ? options.payload : JSON.stringify(options.payload);
        headers["content-type"] ??= "application/json";
      }
      const response = await fetch(new URL(String(options.url), baseUrl), {
        method: options.method ?? "GET",
        headers,
        ...(body === undefined ? {} : { body }),
        redirect: "manual",
      });
      const text = await response.text();
      const answerHeaders: Record<string, string | string[]> = Object.fromEntries(response.headers);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) answerHeaders["set-cookie"] = cookies;
      return {
        statusCode: response.status,
        body: text,
        headers: answerHeaders,
        json: () => JSON.parse(text),
      };
    },
  };
}
