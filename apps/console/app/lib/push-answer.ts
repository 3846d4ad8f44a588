import type { adminFormSchema } from "@storefront/domain/contract";
import { adminEndpoints } from "@storefront/domain/endpoints";
import type { z } from "zod";
import { adminApi, type ConsoleApiError } from "./api.ts";
import { changeSetting, type SettingRefusal, settingRefusal } from "./partner-setting-answer.ts";

/** The input a refusal may name: the API's field of partnerPushAccountSchema. */
export type PushField = "serviceAccount";

/** What the operator's "native pushes" forms answer for a partner: done, or refused. */
export type PushAnswer =
  | { done: "push"; code: string; name: string; account: "own" | "deployment" }
  | ({ done: "push-refused"; code: string } & SettingRefusal<PushField>);

/** The API's refusal of a partner's push account as the form shows it (settingRefusal). */
export function refusedPush(
  code: string,
  error: Pick<ConsoleApiError, "status" | "body">,
): PushAnswer | null {
  const refusal = settingRefusal(error, ["serviceAccount"] as const);
  return refusal && { done: "push-refused", code, ...refusal };
}

/** What the operator asked of a partner's pushes, as adminFormSchema reads its forms. */
type PushChange = Extract<z.output<typeof adminFormSchema>, { intent: "own-push" | "deployment-push" }>;

/** Gives the partner its own Firebase service account, or takes it back to the deployment's pushes. */
export function changePartnerPush(asked: PushChange, key: string): Promise<PushAnswer> {
  const { code, name } = asked;
  const own = asked.intent === "own-push";
  return changeSetting(
    () =>
      own
        ? adminApi(adminEndpoints.partnerPush(code, "PUT"), key, { body: asked.account })
        : adminApi(adminEndpoints.partnerPush(code, "DELETE"), key),
    { done: "push", code, name, account: own ? "own" : "deployment" },
    (error) => refusedPush(code, error),
  );
}
