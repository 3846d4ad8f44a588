import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";

/** C0 controls and DEL: nothing a form field, an id or a search needs, and PostgreSQL refuses NUL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's job
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
/** In body text, tab, line feed and carriage return stay allowed: multi-line comments need them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's job
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** A request with this many bad fields has said enough; the answer stays short. */
const MAX_DETAILS = 20;

interface Detail {
  field: string;
  message: string;
}

/**
 * One rule at the edge of the API: a C0 control character or DEL in any string of the body, the
 * query or the path (and in any key of a JSON object) is refused with a 400 naming the field, before
 * validation and before a handler could carry it to the database or the logs.
 */
export function refuseControlCharacters(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    // The storefront's pages (the web build's catch-all route) read their own input.
    if (!request.routeOptions.url?.startsWith("/api")) return;
    for (const [context, value, text] of inputsOf(request)) {
      const details = findControlCharacters(value, text, context);
      if (details.length === 0) continue;
      throw new AppError(
        400,
        "ValidationException",
        `Invalid ${context}: ${details.map((d) => `${d.field} ${d.message}`).join("; ")}`,
        { details },
      );
    }
  });
}

function inputsOf(request: FastifyRequest): Array<[string, unknown, RegExp]> {
  return [
    ["path", request.params, ANY_CONTROL],
    ["query", request.query, ANY_CONTROL],
    ["body", request.body, CONTROL_IN_TEXT],
  ];
}

/**
 * The fields of a parsed input (`inputName` is the path, the query or the body) whose string holds a character `text` refuses, or whose object key
 * holds any control character; fields are dotted paths as the validation errors name them. Walks
 * without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function findControlCharacters(input: unknown, text: RegExp, inputName: string): Detail[] {
  const details: Detail[] = [];
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: input, path: [] }];
  while (pending.length > 0 && details.length < MAX_DETAILS) {
    const { value, path } = pending.pop() as { value: unknown; path: string[] };
    if (typeof value === "string") {
      if (text.test(value)) {
        details.push({ field: fieldName(path, inputName), message: "contains a control character" });
      }
    } else if (value !== null && typeof value === "object") {
      const entries = Object.entries(value);
      // Pushed in reverse so the fields are reported in the order they were sent.
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i] as [string, unknown];
        if (ANY_CONTROL.test(key)) {
          details.push({
            field: fieldName([...path, key], inputName),
            message: "has a control character in its name",
          });
        } else {
          pending.push({ value: child, path: [...path, key] });
        }
      }
    }
  }
  return details;
}

/**
 * A dotted path (the input's own name for a bare value) with any control character written as
 * \uXXXX, so the answer never carries one.
 */
function fieldName(path: string[], inputName: string): string {
  const dotted = path.join(".") || inputName;
  return dotted.replace(
    new RegExp(ANY_CONTROL.source, "g"),
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
