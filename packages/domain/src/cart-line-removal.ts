/** What the id of DELETE /carts/{vendorCartId}/products/{id} names: a product (the spec's) or one line. */
export type CartLineIdType = "PRODUCT" | "CART_PRODUCT";

export type LinesToRemove =
  | { kind: "LINES"; lineIds: number[] }
  | { kind: "NONE" }
  /** The id is a line of the vendor cart and a product of other lines in it: the caller must say which. */
  | { kind: "AMBIGUOUS" };

/**
 * The lines of a vendor cart that a removal by id takes away. A product id takes every line of that
 * product (each set of options is a line); a cart product id takes that line. Without idType the id
 * is read as whichever of the two it matches in this vendor cart, and as neither when the two readings
 * would remove different lines, so a line is never removed by mistake.
 */
export function chooseLinesToRemove(
  lines: ReadonlyArray<{ id: number; productId: number }>,
  id: number,
  idType?: CartLineIdType,
): LinesToRemove {
  const asLine = lines.filter((line) => line.id === id).map((line) => line.id);
  const asProduct = lines.filter((line) => line.productId === id).map((line) => line.id);
  const found = (lineIds: number[]): LinesToRemove =>
    lineIds.length > 0 ? { kind: "LINES", lineIds } : { kind: "NONE" };
  if (idType === "CART_PRODUCT") return found(asLine);
  if (idType === "PRODUCT") return found(asProduct);
  if (asLine.length === 0 || asProduct.length === 0) return found([...asLine, ...asProduct]);
  const same = asProduct.length === 1 && asProduct[0] === asLine[0];
  return same ? found(asLine) : { kind: "AMBIGUOUS" };
}
