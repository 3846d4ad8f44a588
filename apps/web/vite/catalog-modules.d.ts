// The modules of compiled-catalogs.ts, for every app built with it (each references this file).

declare module "virtual:catalog/*" {
  import type { Messages } from "@lingui/core";

  const messages: Messages;
  export default messages;
}

declare module "virtual:catalogs" {
  import type { Messages } from "@lingui/core";
  import type { Locale } from "@storefront/domain";

  /** Each language's compiled messages, loaded on first use (a chunk of its own). */
  export const catalogues: Record<Locale, () => Promise<{ default: Messages }>>;
}

declare module "virtual:catalogue-files" {
  import type { Locale } from "@storefront/domain";

  /** Each language's compiled catalogue as a JSON file of the browser's build, its path under the base. */
  export const catalogueFiles: Record<Locale, string>;
}
