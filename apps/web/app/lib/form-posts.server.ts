import { type FormFieldError, formFieldErrorsOf, formFieldsOf } from "@storefront/domain/contract";
import type { z } from "zod";

/**
 * A page action's form post read against its schema, as the console reads its forms (the contract's
 * `formFieldsOf` and `formFieldErrorsOf`). A body that is not a form at all (JSON, plain text, a
 * broken multipart body) is refused naming `body`, as a wrong field is refused naming it: a 400 of
 * the action's, never the 500 of a read that threw.
 */
export async function readFormPost<T extends z.ZodType>(
  request: Request,
  schema: T,
): Promise<{ success: true; data: z.output<T> } | { success: false; errors: FormFieldError[] }> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { success: false, errors: [{ field: "body", message: "Expected a form's fields" }] };
  }
  const parsed = schema.safeParse(formFieldsOf(form));
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, errors: formFieldErrorsOf(parsed.error) };
}
