import { type FormFieldError, formFieldErrorsOf, formFieldsOf } from "@storefront/domain/contract";
import { data } from "react-router";
import type { z } from "zod";

/** A form read by its schema (from the domain's console-forms.ts), or each field's problem. */
export type ParsedForm<T> = { ok: true; input: T } | { ok: false; errors: FormFieldError[]; field: string };

/** Reads a submitted form with its schema; a refusal names the first input to correct. */
export function parseForm<S extends z.ZodType>(schema: S, form: FormData): ParsedForm<z.output<S>> {
  const parsed = schema.safeParse(formFieldsOf(form));
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors = formFieldErrorsOf(parsed.error);
  return { ok: false, errors, field: errors[0]?.field ?? "" };
}

/**
 * The 400 of a form its schema refused: what the screen shows for a refusal of that field (as for
 * the API's), with every field's problem beside it, as the storefront's actions answer.
 */
export function refusedForm<T extends object>(shown: T, errors: FormFieldError[]) {
  return data({ ...shown, errors }, { status: 400 });
}
