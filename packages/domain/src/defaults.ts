/** Defaults of the spec's section 9 for locality params that a partner leaves unset. */
export const DEFAULT_MIN_ORDER_PRICE = 0;
export const DEFAULT_RECEIPT_TYPES = ["DELIVERY"] as const;
/** Locality params default to no preorder; four days is the period once preorder is switched on. */
export const DEFAULT_PREORDER_PERIOD = { type: "NONE", value: 4 } as const;
export const DEFAULT_TIP_SETTINGS = {
  enabled: false,
  tipMax: 1000,
  tipStep: 1,
  tipValues: [1, 5, 10],
} as const;
export const DEFAULT_AUTH_PROVIDER = "INTERNAL" as const;
export const DEFAULT_PAYMENT_TYPES = ["CASH"] as const;

/** The referral programme's terms when a partner sets none: 15 % off a friend's first order, 10 % back. */
export const REFERRAL_TERMS = { discountPercent: 15, bonusPercent: 10, bonusValidDays: 30 } as const;
