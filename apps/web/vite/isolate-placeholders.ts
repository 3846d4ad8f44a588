import type { CompiledMessage, CompiledMessageToken } from "@lingui/message-utils/compileMessage";

/** Unicode's first-strong isolate and the mark that closes it (UAX #9): the text twin of `<bdi>`. */
export const FIRST_STRONG_ISOLATE = "\u2068";
export const POP_DIRECTIONAL_ISOLATE = "\u2069";

const CHOICES = new Set(["plural", "select", "selectordinal"]);

/**
 * A right-to-left language's compiled message with every value it fills isolated: a phone, a code,
 * a price, a time or a name keeps its own order inside the Arabic sentence ("+371 23 664 623", not
 * "623 664 23 371+"). First-strong, not left-to-right: a Latin value reads left to right, while an
 * Arabic date ("الثلاثاء، 3 يونيو، 18:05") or an amount the Intl format marks right to left keeps
 * that direction. Plural and select branches are walked; their `#` is a bare number and stays.
 */
export function isolatePlaceholders(message: CompiledMessage): CompiledMessage {
  return message.flatMap((token): CompiledMessageToken[] => {
    if (typeof token === "string") return [token];
    const [name, type, format] = token;
    if (type && CHOICES.has(type) && format && typeof format === "object") {
      const branches = Object.fromEntries(
        Object.entries(format).map(([key, branch]) => [
          key,
          Array.isArray(branch) ? isolatePlaceholders(branch as CompiledMessage) : branch,
        ]),
      );
      return [[name, type, branches]];
    }
    return [FIRST_STRONG_ISOLATE, token, POP_DIRECTIONAL_ISOLATE];
  });
}
