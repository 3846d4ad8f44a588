/** The loyalty fields as typed: numbers, NaN while a field is empty or not a number. */
export interface LoyaltyEarning {
  earnPoints: number;
  earnPer: number;
  pointValue: number;
}

/**
 * The share of what a customer pays for goods that comes back in points' value: 1 point for every
 * 1 € with a point worth 0.01 € gives back 1 % (0.01). Null while the fields make no such ratio.
 */
export function loyaltyGivenBack({ earnPoints, earnPer, pointValue }: LoyaltyEarning): number | null {
  if (![earnPoints, earnPer, pointValue].every(Number.isFinite)) return null;
  if (earnPer <= 0 || earnPoints < 0 || pointValue < 0) return null;
  return (earnPoints * pointValue) / earnPer;
}
