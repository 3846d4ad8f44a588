declare module "virtual:catalog/*" {
  import type { Messages } from "@lingui/core";

  const messages: Messages;
  export default messages;
}
