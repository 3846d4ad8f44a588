import type { MenuProduct } from "./catalogue-view.ts";

/** Extra price of the chosen options. */
export function optionsTotal(
  product: Pick<MenuProduct, "componentGroups">,
  chosen: Record<number, number[]>,
): number {
  let total = 0;
  for (const group of product.componentGroups) {
    for (const option of group.components) if (chosen[group.id]?.includes(option.id)) total += option.price;
  }
  return Math.round(total * 1000) / 1000;
}

/** The first group whose choice breaks its rules: a required group left empty, or too many picked. */
export function chosenOptionsProblem(
  product: Pick<MenuProduct, "componentGroups">,
  chosen: Record<number, number[]>,
): { groupId: number; reason: "REQUIRED" | "TOO_MANY" } | null {
  for (const group of product.componentGroups) {
    const picked = chosen[group.id] ?? [];
    if (group.required && picked.length === 0) return { groupId: group.id, reason: "REQUIRED" };
    const max = group.multiSelection ? group.maxCount : 1;
    if (picked.length > max) return { groupId: group.id, reason: "TOO_MANY" };
  }
  return null;
}
