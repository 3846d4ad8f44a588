/** Checkout needs a signed-in customer: the wish to check out survives the sign-in modal. */
const WANTED_CHECKOUT = "wantedCheckout";

export function setWantedCheckout(): void {
  sessionStorage.setItem(WANTED_CHECKOUT, "1");
}

/** Whether checkout was wanted; the flag is used up. */
export function takeWantedCheckout(): boolean {
  const wanted = sessionStorage.getItem(WANTED_CHECKOUT) === "1";
  sessionStorage.removeItem(WANTED_CHECKOUT);
  return wanted;
}
