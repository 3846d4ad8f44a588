import { z } from "zod";
import { type Locale, SUPPORTED_LOCALES } from "../locales.ts";

/**
 * How a browser sends a form, as schemas read it. A form's fields become one object keyed by their
 * names as written (`delivery.perKm`, `title.en`), so an issue's path is the name of the input to
 * mark; a name sent more than once (checkboxes of one group) becomes a list.
 */
export function formFieldsOf(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    const seen = fields[name];
    fields[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return fields;
}

/** One field's problem, named by the input it belongs to. */
export interface FormFieldError {
  field: string;
  message: string;
}

/** A parse's issues as the 400 answers of the apps' actions list them. */
export function formFieldErrorsOf(error: z.ZodError): FormFieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message }));
}

/** A text as typed; a field left out reads as empty. */
export const formString = z.string().default("");
/** A text without the spaces around it. */
export const formText = z.string().trim().default("");

/** A checkbox: ticked (the browser sends "on") or not (it sends nothing). */
export const formCheckbox = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");

/** A number typed in a field, empty as `empty` (NaN: refused as not a number). */
function typedNumber(empty: number) {
  return formText.transform((text) => (text === "" ? empty : Number(text))).pipe(z.number());
}
/** A number that must be typed. */
export const formNumber = typedNumber(Number.NaN);
/** A number whose empty field means 0. */
export const formNumberOrZero = typedNumber(0);
/** A number whose empty field means none (no limit, never). */
export const formNumberOrNull = formText
  .transform((text) => (text === "" ? null : Number(text)))
  .pipe(z.number().nullable());

/** The values of the inputs of one name, in order: none, one or several. */
export function formList<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => (value === undefined ? [] : [value].flat()), z.array(item));
}

/** A value the page's script wrote as JSON into a hidden input; empty, it is `empty`. */
export function formJson(empty: string) {
  return z
    .string()
    .trim()
    .default("")
    .transform((text, context): unknown => {
      try {
        return JSON.parse(text || empty);
      } catch {
        context.addIssue({ code: "custom", message: "not JSON" });
        return z.NEVER;
      }
    });
}

/** The inputs `{prefix}.{locale}` of a text typed in every language, one field each. */
export function formTextsShape<P extends string, T extends z.ZodType>(prefix: P, field: T) {
  return Object.fromEntries(SUPPORTED_LOCALES.map((locale) => [`${prefix}.${locale}`, field])) as Record<
    `${P}.${Locale}`,
    T
  >;
}

/** The text per language of the inputs `{prefix}.{locale}` of a parsed form (see formTextsShape). */
export function formTextsOf<P extends string>(
  fields: Record<`${P}.${Locale}`, string>,
  prefix: P,
): Record<Locale, string> {
  return Object.fromEntries(
    SUPPORTED_LOCALES.map((locale) => [locale, fields[`${prefix}.${locale}`]]),
  ) as Record<Locale, string>;
}
