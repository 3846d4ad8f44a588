import type { z } from "zod";

/** A field of a form post that was refused, and why (the 400 a page's action answers). */
export interface FormFieldError {
  field: string;
  message: string;
}

/**
 * A page action's form post read against its schema. A body that is not a form at all (JSON, plain
 * text, a broken multipart body) is refused naming `body`, as a wrong field is refused naming it:
 * a 400 of the action's, never the 500 of a read that threw.
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
  const parsed = schema.safeParse(Object.fromEntries(form));
  return parsed.success
    ? { success: true, data: parsed.data }
    : {
        success: false,
        errors: parsed.error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message })),
      };
}
