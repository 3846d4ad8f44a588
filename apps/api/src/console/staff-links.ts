import type { Locale } from "@storefront/domain";
import type { AppServices } from "../services.ts";
import { passwordLinkOf, type TokenPurpose } from "./password-tokens.ts";
import { fillStaffEmail, STAFF_EMAILS, STAFF_ROLE_NAMES } from "./staff-emails.ts";
import type { PartnerRow, StaffRow } from "./staff-repository.ts";

/**
 * Sends a member the e-mail with their one-time password link (an invitation's or a reset's), in
 * their language, from the partner's name and support address, to the partner's own storefront
 * address; in demo mode it lands in the outbox.
 */
export async function sendPasswordLink(
  services: Pick<AppServices, "mailer" | "partnerHosts" | "publicUrl">,
  input: {
    member: Pick<StaffRow, "email" | "name" | "role">;
    partner: Pick<PartnerRow, "id" | "code" | "name" | "contacts">;
    purpose: TokenPurpose;
    locale: Locale;
    token: string;
  },
): Promise<void> {
  const { member, partner, purpose, locale } = input;
  const texts = STAFF_EMAILS[locale];
  const values = {
    name: member.name,
    partner: partner.name,
    role: STAFF_ROLE_NAMES[locale][member.role],
    link: passwordLinkOf(
      await services.partnerHosts.publicUrlOf(partner.code, services.publicUrl),
      locale,
      input.token,
    ),
    hours: purpose === "INVITATION" ? "48" : "1",
  };
  const [subject, text] =
    purpose === "INVITATION"
      ? [texts.invitationSubject, texts.invitationBody]
      : [texts.resetSubject, texts.resetBody];
  await services.mailer.send({
    partnerId: partner.id,
    from: { name: partner.name, address: partner.contacts.email },
    to: member.email,
    subject: fillStaffEmail(subject, values),
    text: fillStaffEmail(text, values),
    attachments: [],
  });
}

/**
 * Tells a person invited by this partner that their e-mail is already another partner's console
 * account, so the invitation cannot be taken up with it. It names neither that partner nor anything
 * of the account, carries no link, and nothing is sent to the other partner; the inviting partner
 * is answered as for any invitation.
 */
export async function sendAccountElsewhereNotice(
  services: Pick<AppServices, "mailer">,
  input: {
    member: Pick<StaffRow, "email" | "name" | "role">;
    partner: Pick<PartnerRow, "id" | "name" | "contacts">;
    locale: Locale;
  },
): Promise<void> {
  const { member, partner, locale } = input;
  const texts = STAFF_EMAILS[locale];
  const values = { name: member.name, partner: partner.name, role: STAFF_ROLE_NAMES[locale][member.role] };
  await services.mailer.send({
    partnerId: partner.id,
    from: { name: partner.name, address: partner.contacts.email },
    to: member.email,
    subject: fillStaffEmail(texts.elsewhereSubject, values),
    text: fillStaffEmail(texts.elsewhereBody, values),
    attachments: [],
  });
}
