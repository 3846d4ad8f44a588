/** Fixed lines of each demo country's city, one per vendor by its place in the city's list. */
const COUNTER_PHONES: Record<string, (index: number) => string> = {
  LV: (index) => `+3716720${String(1000 + index * 7).slice(-4)}`,
  UA: (index) => `+38044${2_000_000 + index * 1013}`,
  IQ: (index) => `+9641${5_400_000 + index * 1013}`,
  PT: (index) => `+35121${3_000_000 + index * 1013}`,
};

/** The counter's phone of a demo city's `index`-th vendor, the number its couriers call; null elsewhere. */
export function counterPhone(countryCode: string, index: number): string | null {
  return COUNTER_PHONES[countryCode]?.(index) ?? null;
}
