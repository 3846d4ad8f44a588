/// <reference types="vite/client" />

declare module "virtual:catalog/*" {
  import type { Messages } from "@lingui/core";

  const messages: Messages;
  export default messages;
}

interface ImportMetaEnv {
  /** The partner under Vite's development server, where no host names it. */
  readonly VITE_PARTNER_CODE?: string;
}
