import { invalidComponentsOf } from "@storefront/domain";
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

/**
 * The first group whose choice breaks its rules: a required group left empty, or too many picked.
 * The rule is the domain's, the one the API checks a line against; the modal only asks it.
 */
export function chosenOptionsProblem(
  product: Pick<MenuProduct, "componentGroups">,
  chosen: Record<number, number[]>,
): { groupId: number; reason: "REQUIRED" | "TOO_MANY" } | null {
  const groups = product.componentGroups.map((group) => ({
    id: group.id,
    required: group.required,
    multiSelection: group.multiSelection,
    maxCount: group.maxCount,
    options: group.components.map((option) => ({ id: option.id, available: option.available })),
  }));
  const components = product.componentGroups.flatMap((group) =>
    (chosen[group.id] ?? []).map((optionId) => ({ optionId, count: 1 })),
  );
  // The options offered are the product's own: only the groups' faults concern the modal.
  for (const fault of invalidComponentsOf(components, groups)) {
    if (fault.reason === "INVALID_REQUIRED") return { groupId: fault.groupId, reason: "REQUIRED" };
    if (fault.reason === "INVALID_MULTI_SELECTION") return { groupId: fault.groupId, reason: "TOO_MANY" };
  }
  return null;
}
