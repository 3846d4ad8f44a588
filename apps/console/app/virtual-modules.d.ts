/// <reference types="vite/client" />

declare module "virtual:catalog/*" {
  import type { Messages } from "@lingui/core";

  const messages: Messages;
  export default messages;
}

interface ImportMetaEnv {
  /** The API's origin for a console served apart from it; unset, the page's own origin. */
  readonly VITE_CONSOLE_API_ORIGIN?: string;
}
