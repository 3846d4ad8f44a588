import { randomInt } from "node:crypto";
import { type LocalizedText, REFERRAL_TERMS } from "@storefront/domain";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { OrderRow } from "../orders/orders.ts";
import { findPartnerById } from "../plugins/partner-repository.ts";
import {
  anyLocalityRunsReferrals,
  findReferralCodeOfUser,
  findReferrerOfOrder,
  insertPromoCodeUnlessTaken,
  type PartnerSettings,
} from "./referrals-repository.ts";

/** Letters and digits no one confuses when reading a code aloud: no 0/O, 1/I/L. */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;

function newReferralCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}

export function referralTermsOf(settings: Pick<PartnerSettings, "referralTerms">) {
  return settings.referralTerms ?? REFERRAL_TERMS;
}

/**
 * The customer's referral code, made on first ask: a partner-wide promo code friends enter on
 * their first order (the partner's discount). 404 when no locality of the partner runs the
 * programme.
 */
export async function referralCodeOf(
  db: Database,
  partner: { id: number; settings: PartnerSettings },
  userId: number,
): Promise<string> {
  if (!(await anyLocalityRunsReferrals(db, partner.id)))
    throw new AppError(404, "ReferralProgramDisabledException", "The referral programme is not running here");
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await findReferralCodeOfUser(db, userId);
    if (existing !== null) return existing;
    // A code taken by someone else, or this customer's code made by a racing request: look again.
    await insertPromoCodeUnlessTaken(db, {
      partnerId: partner.id,
      code: newReferralCode(),
      type: "PERCENT",
      value: referralTermsOf(partner.settings).discountPercent,
      referrerUserId: userId,
    });
  }
  throw new AppError(503, "ReferralCodeUnavailableException", "No referral code could be made; try again");
}

/**
 * When a friend's first order made with a referral code is delivered, its referrer gets a personal
 * bonus code (one use, for `bonusValidDays`). Once per order, however often this is called.
 */
export async function grantReferralBonus(db: Database, order: OrderRow, now: Date): Promise<void> {
  const referrerUserId = await findReferrerOfOrder(db, order.id);
  if (!referrerUserId) return;
  const partner = await findPartnerById(db, order.partnerId);
  const terms = referralTermsOf(partner?.settings ?? {});
  await insertPromoCodeUnlessTaken(db, {
    partnerId: order.partnerId,
    code: `BONUS${newReferralCode()}`,
    type: "PERCENT",
    value: terms.bonusPercent,
    maxUses: 1,
    validFrom: now,
    validUntil: new Date(now.getTime() + terms.bonusValidDays * 86_400_000),
    userId: referrerUserId,
    bonusForOrderId: order.id,
    description: bonusDescription(terms.bonusPercent),
  });
}

/** "10% off, a thank-you for inviting a friend", in each language. */
function bonusDescription(percent: number): LocalizedText {
  return {
    en: `${percent}% off, a thank-you for inviting a friend`,
    ar: `خصم ${percent}%، شكرًا لدعوتك صديقًا`,
    es: `${percent} % de descuento, gracias por invitar a un amigo`,
    fr: `${percent} % de réduction, merci d'avoir invité un ami`,
    it: `${percent}% di sconto, grazie per aver invitato un amico`,
    lv: `${percent}% atlaide, paldies, ka uzaicināji draugu`,
    mg: `Fihenam-bidy ${percent}%, misaotra nanasa namana`,
    pt: `${percent}% de desconto, obrigado por convidar um amigo`,
    bg: `${percent}% отстъпка, благодарим, че поканихте приятел`,
    ru: `Скидка ${percent}%, спасибо, что пригласили друга`,
    uk: `Знижка ${percent}%, дякуємо, що запросили друга`,
  };
}
