/// <reference types="vite/client" />
/// <reference path="../../web/vite/catalog-modules.d.ts" />

interface ImportMetaEnv {
  /** The API's origin for a console served apart from it; unset, the page's own origin. */
  readonly VITE_CONSOLE_API_ORIGIN?: string;
}
