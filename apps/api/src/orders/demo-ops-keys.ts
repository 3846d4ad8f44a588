import { hashToken } from "../accounts/sessions.ts";
import type { opsApiKeys } from "../db/schema.ts";

/**
 * The demo partner's ops API keys, in plain: the delivery simulator sends DEMO_OPS_KEYS.dispatch.
 * Only their SHA-256 is stored; they are seeded with the demo data and nowhere else.
 */
export const DEMO_OPS_KEYS = {
  dispatch: "demo-dispatch-key",
  courier: "demo-courier-key",
} as const;

export function demoOpsKeyRows(partnerId: number): Array<typeof opsApiKeys.$inferInsert> {
  return [
    {
      partnerId,
      keyHash: hashToken(DEMO_OPS_KEYS.dispatch),
      role: "DISPATCH",
      name: "Demo dispatch (simulator)",
    },
    { partnerId, keyHash: hashToken(DEMO_OPS_KEYS.courier), role: "COURIER", name: "Demo courier" },
  ];
}
