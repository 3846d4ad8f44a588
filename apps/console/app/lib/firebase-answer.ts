import type { adminFormSchema } from "@storefront/domain/contract";
import { adminEndpoints } from "@storefront/domain/endpoints";
import type { z } from "zod";
import { adminApi, type ConsoleApiError } from "./api.ts";
import { changeSetting, type SettingRefusal, settingRefusal } from "./partner-setting-answer.ts";

/** The inputs a refusal may name: the API's fields of partnerFirebaseChangeSchema. */
export type FirebaseField = "projectId" | "apiKey" | "authDomain" | "cities";

/** What the operator's "phone sign-in" forms answer for a partner: done, or refused. */
export type FirebaseAnswer =
  | { done: "firebase"; code: string; name: string; signIn: "FIREBASE" | "INTERNAL" }
  | ({ done: "firebase-refused"; code: string } & SettingRefusal<FirebaseField>);

/**
 * The API's refusal of a partner's phone sign-in as the form shows it (settingRefusal): a city of
 * the list, `cities.0`, is told beside the list.
 */
export function refusedFirebase(
  code: string,
  error: Pick<ConsoleApiError, "status" | "body">,
): FirebaseAnswer | null {
  const refusal = settingRefusal(error, ["projectId", "apiKey", "authDomain", "cities"] as const);
  return refusal && { done: "firebase-refused", code, ...refusal };
}

/** What the operator asked of a partner's phone sign-in, as adminFormSchema reads its forms. */
type FirebaseChange = Extract<
  z.output<typeof adminFormSchema>,
  { intent: "firebase-sign-in" | "sms-sign-in" }
>;

/** Has the ticked cities' customers sign in with the partner's Firebase project, or every city with SMS codes. */
export function changePartnerFirebase(asked: FirebaseChange, key: string): Promise<FirebaseAnswer> {
  const { code, name } = asked;
  const firebase = asked.intent === "firebase-sign-in";
  return changeSetting(
    () =>
      firebase
        ? adminApi(adminEndpoints.partnerFirebase(code, "PUT"), key, { body: asked.project })
        : adminApi(adminEndpoints.partnerFirebase(code, "DELETE"), key),
    { done: "firebase", code, name, signIn: firebase ? "FIREBASE" : "INTERNAL" },
    (error) => refusedFirebase(code, error),
  );
}
