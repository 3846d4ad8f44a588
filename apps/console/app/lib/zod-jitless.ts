import { z } from "zod";

/**
 * Zod builds its object parsers with `new Function` after probing whether it may. The console's
 * policy allows no eval, so the probe was refused and reported as a violation on every screen; the
 * console parses without compiling instead. The root imports this first, before any schema is made.
 */
z.config({ jitless: true });
