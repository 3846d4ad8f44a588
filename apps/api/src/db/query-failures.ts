import { DrizzleQueryError } from "drizzle-orm";

/**
 * What a failed query may tell the logs and the error handler: its SQL with placeholders, and
 * PostgreSQL's code and the names of what it refused. Never the parameters, nor PostgreSQL's own
 * message and detail, which quote the values ("Key (phone)=(+371…) already exists").
 */
export interface QueryFailure {
  query: string;
  /** The SQLSTATE, e.g. 22001 for a string too long, 23505 for a duplicate. */
  code: string | undefined;
  table: string | undefined;
  column: string | undefined;
  constraint: string | undefined;
  routine: string | undefined;
}

const MAX_CAUSES = 10;

/** The failed query in an error or its chain of causes (node-postgres and PGlite alike), or null. */
export function queryFailureOf(error: unknown): QueryFailure | null {
  let link: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && link instanceof Error; depth += 1) {
    if (link instanceof DrizzleQueryError) {
      const cause = (link.cause ?? {}) as Record<string, unknown>;
      const text = (key: string) => (typeof cause[key] === "string" ? (cause[key] as string) : undefined);
      return {
        query: link.query,
        code: text("code"),
        table: text("table"),
        column: text("column"),
        constraint: text("constraint"),
        routine: text("routine"),
      };
    }
    link = link.cause;
  }
  return null;
}

/**
 * A data exception (SQLSTATE class 22: string too long, number out of range, text that is not a
 * number, date or UUID, a character the encoding cannot hold) is the request's fault, not ours.
 */
export function isCausedByInput(failure: QueryFailure | null): boolean {
  return failure?.code?.startsWith("22") ?? false;
}

/**
 * Whether an error, or one of its causes, is PostgreSQL's refusal of a duplicate (23505): two
 * requests that passed a check together, of which a unique index let one through.
 */
export function isUniqueViolation(error: unknown): boolean {
  let link: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && link && typeof link === "object"; depth += 1) {
    if ((link as { code?: unknown }).code === "23505") return true;
    link = (link as { cause?: unknown }).cause;
  }
  return false;
}
