import type { StaffRole } from "@storefront/domain";
import { consoleEndpoints, type Endpoint } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { hashPassword } from "../src/console/passwords.ts";
import { createStaffMember } from "../src/console/staff-repository.ts";
import { partners } from "../src/db/schema.ts";
import type { TestApp } from "./harness.ts";
import { consolePath } from "./paths.ts";

export const STAFF_PASSWORD = "a counter password";

/** A console member of a partner (the demo's unless named), signed in: their session cookie. */
export async function staffSession(
  t: TestApp,
  role: StaffRole,
  email: string,
  options: { vendorIds?: number[]; partner?: string } = {},
): Promise<string> {
  const [partner] = await t.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.code, options.partner ?? "demo"));
  await createStaffMember(t.database.db, {
    partnerId: (partner as { id: number }).id,
    email,
    name: `${role} ${email}`,
    role,
    passwordHash: await hashPassword(STAFF_PASSWORD),
    ...(options.vendorIds ? { vendorIds: options.vendorIds } : {}),
  });
  const signIn = consoleEndpoints.signIn();
  const response = await t.app.inject({
    method: signIn.method,
    url: consolePath(signIn),
    payload: { email, password: STAFF_PASSWORD },
  });
  const cookie = [response.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("console_session="));
  return cookie?.split(";")[0] ?? "";
}

/** One console call with a member's cookie (none: signed out); answers its status and JSON. */
export async function consoleCall(
  t: TestApp,
  cookie: string,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert on them
): Promise<{ status: number; body: any }> {
  const response = await t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
  const contentType = String(response.headers["content-type"] ?? "");
  if (!response.body) return { status: response.statusCode, body: null };
  // A picture is answered by its type and size.
  const body = contentType.includes("json")
    ? response.json()
    : { contentType, bytes: response.rawPayload.length };
  return { status: response.statusCode, body };
}

/** One call of a contract endpoint of the console (`consoleEndpoints`), as `consoleCall` makes it. */
export function consoleEndpointCall(t: TestApp, cookie: string, endpoint: Endpoint, payload?: object) {
  return consoleCall(t, cookie, endpoint.method, consolePath(endpoint), payload);
}
