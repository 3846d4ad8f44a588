import { minorDigits } from "./money.ts";

/**
 * The currencies Stripe charges in (its "presentment currencies"), lower case as its API writes
 * them. A locality whose currency is not here (the Iraqi dinar) takes no card through Stripe.
 */
const STRIPE_CURRENCIES = new Set(
  (
    "usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bhd bif bmd bnd bob brl bsd bwp byn bzd " +
    "cad cdf chf clp cny cop crc cve czk djf dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gnf gtq gyd " +
    "hkd hnl htg huf idr ils inr isk jmd jod jpy kes kgs khr kmf krw kwd kyd kzt lak lbp lkr lrd lsl mad " +
    "mdl mga mkd mmk mnt mop mur mvr mwk mxn myr mzn nad ngn nio nok npr nzd omr pab pen pgk php pkr pln " +
    "pyg qar ron rsd rub rwf sar sbd scr sek sgd shp sle sos srd std szl thb tjs tnd top try ttd twd tzs " +
    "uah ugx uyu uzs vnd vuv wst xaf xcd xof xpf yer zar zmw"
  ).split(" "),
);

/** Stripe's zero-decimal currencies: an amount is a count of whole units. */
const ZERO_DECIMAL = new Set("bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf".split(" "));
/** Stripe's three-decimal currencies. */
const THREE_DECIMAL = new Set("bhd jod kwd omr tnd".split(" "));

/** Whether Stripe takes payments in the currency (any case). */
export function stripeSupportsCurrency(currencyCode: string): boolean {
  return STRIPE_CURRENCIES.has(currencyCode.toLowerCase());
}

/**
 * The digits after the point of an amount as Stripe counts it. Mostly ISO 4217's; Stripe counts
 * the Icelandic króna in hundredths although it has none (its amounts end in 00).
 */
export function stripeDigits(currencyCode: string): number {
  const code = currencyCode.toLowerCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/** Refused amounts: a currency Stripe does not take, or an amount it cannot count exactly. */
export class StripeAmountError extends Error {}

/**
 * An amount in our minor units (ISO digits) as the integer Stripe expects, `currency` in lower case.
 * Never a float: a conversion that would lose a fraction is refused.
 */
export function toStripeAmount(minor: number, currencyCode: string): { amount: number; currency: string } {
  const currency = currencyCode.toLowerCase();
  if (!stripeSupportsCurrency(currency))
    throw new StripeAmountError(`Stripe does not take payments in ${currencyCode.toUpperCase()}`);
  if (!Number.isSafeInteger(minor) || minor < 0)
    throw new StripeAmountError(`${minor} is not a whole amount of minor units`);
  const shift = stripeDigits(currency) - minorDigits(currencyCode);
  if (shift >= 0) return { amount: minor * 10 ** shift, currency };
  const scale = 10 ** -shift;
  if (minor % scale !== 0)
    throw new StripeAmountError(
      `${minor} minor units of ${currencyCode.toUpperCase()} are not whole for Stripe`,
    );
  return { amount: minor / scale, currency };
}

/** An amount Stripe reports, back in our minor units of its currency. */
export function fromStripeAmount(amount: number, currency: string): number {
  const shift = stripeDigits(currency) - minorDigits(currency);
  return shift >= 0 ? Math.round(amount / 10 ** shift) : amount * 10 ** -shift;
}
