import { ConsoleApiError } from "./api.ts";

/** Why an operator's change of a partner's setting was not made, besides a field the API named. */
export type SettingProblem = "noKeysSecret" | "unreachable" | "unknownPartner" | "failed";

/** A refusal as a setting's form shows it: beside the input the API named, else above the button. */
export interface SettingRefusal<Field extends string> {
  field: Field | null;
  problem: Field | SettingProblem;
}

/**
 * The API's refusal of a partner's setting (its card processor, phone sign-in or push account): a
 * 400 naming one of `fields` (a list's item, `cities.0`, is the list's), the deployment keeping no
 * partner's keys (409 NO_KEYS_SECRET), the provider out of reach when the setting is checked with it
 * (503), an unknown partner, or any other 4xx. Null for what the form does not answer (a wrong key, a server
 * error): the page's error boundary tells it.
 */
export function settingRefusal<Field extends string>(
  error: Pick<ConsoleApiError, "status" | "body">,
  fields: readonly Field[],
): SettingRefusal<Field> | null {
  const { status, body } = error;
  if (status === 400) {
    const named = body.details?.[0]?.field.split(".")[0] ?? "";
    const field = fields.find((known) => known === named);
    if (field) return { field, problem: field };
  }
  if (status === 409 && body.errorCode === "NO_KEYS_SECRET") return { field: null, problem: "noKeysSecret" };
  if (status === 503) return { field: null, problem: "unreachable" };
  if (status === 404) return { field: null, problem: "unknownPartner" };
  if (status >= 400 && status < 500 && status !== 401) return { field: null, problem: "failed" };
  return null;
}

/** Makes a change; its answer once made, or its refusal as the form shows it (other failures thrown). */
export async function changeSetting<Answer>(
  change: () => Promise<unknown>,
  done: Answer,
  refused: (error: ConsoleApiError) => Answer | null,
): Promise<Answer> {
  try {
    await change();
    return done;
  } catch (error) {
    const refusal = error instanceof ConsoleApiError ? refused(error) : null;
    if (refusal) return refusal;
    throw error;
  }
}
