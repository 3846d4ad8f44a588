/// <reference types="vite/client" />
/// <reference path="../../web/vite/catalog-modules.d.ts" />

interface ImportMetaEnv {
  /** The partner under Vite's development server, where no host names it. */
  readonly VITE_PARTNER_CODE?: string;
}
