import type { adminFormSchema } from "@storefront/domain/contract";
import { adminEndpoints } from "@storefront/domain/endpoints";
import type { z } from "zod";
import { adminApi, ConsoleApiError } from "./api.ts";

/** What the operator's "phone sign-in" forms answer for a partner: done, or refused. */
export type FirebaseAnswer =
  | { done: "firebase"; code: string; name: string; signIn: "FIREBASE" | "INTERNAL" }
  | { done: "firebase-refused"; code: string; field: FirebaseField | null; problem: FirebaseProblem };

/** The inputs a refusal may name: the API's fields of partnerFirebaseChangeSchema. */
export type FirebaseField = "projectId" | "apiKey" | "authDomain" | "cities";
/** Why the change was not made, in the operator's words (`admin.firebase.error.*`). */
export type FirebaseProblem = FirebaseField | "unknownPartner" | "failed";

const FIELDS: readonly string[] = ["projectId", "apiKey", "authDomain", "cities"] satisfies FirebaseField[];
const isFirebaseField = (field: string): field is FirebaseField => FIELDS.includes(field);

/**
 * The API's refusal of a partner's phone sign-in as the form shows it: beside the input its details
 * name (a city of the list, `cities.0`, is the list's), else above the button. Null for what the form
 * does not answer (a wrong key, a server error).
 */
export function refusedFirebase(
  code: string,
  error: Pick<ConsoleApiError, "status" | "body">,
): FirebaseAnswer | null {
  const { status, body } = error;
  const refused = (field: FirebaseField | null, problem: FirebaseProblem): FirebaseAnswer => ({
    done: "firebase-refused",
    code,
    field,
    problem,
  });
  if (status === 400) {
    const field = body.details?.[0]?.field.split(".")[0] ?? "";
    if (isFirebaseField(field)) return refused(field, field);
  }
  if (status === 404) return refused(null, "unknownPartner");
  if (status >= 400 && status < 500 && status !== 401) return refused(null, "failed");
  return null;
}

/** What the operator asked of a partner's phone sign-in, as adminFormSchema reads its forms. */
type FirebaseChange = Extract<
  z.output<typeof adminFormSchema>,
  { intent: "firebase-sign-in" | "sms-sign-in" }
>;

/** Has the ticked cities' customers sign in with the partner's Firebase project, or every city with SMS codes. */
export async function changePartnerFirebase(asked: FirebaseChange, key: string): Promise<FirebaseAnswer> {
  const { code, name } = asked;
  try {
    if (asked.intent === "firebase-sign-in")
      await adminApi(adminEndpoints.partnerFirebase(code, "PUT"), key, { body: asked.project });
    else await adminApi(adminEndpoints.partnerFirebase(code, "DELETE"), key);
    return {
      done: "firebase",
      code,
      name,
      signIn: asked.intent === "firebase-sign-in" ? "FIREBASE" : "INTERNAL",
    };
  } catch (error) {
    const refusal = error instanceof ConsoleApiError ? refusedFirebase(code, error) : null;
    if (refusal) return refusal;
    throw error;
  }
}
