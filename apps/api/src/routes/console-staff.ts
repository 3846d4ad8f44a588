import { type Locale, staffMay } from "@storefront/domain";
import {
  apiErrorSchema,
  passwordResetRequestSchema,
  passwordSettingSchema,
  staffInvitationSchema,
  staffListSchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../console/audit-log-repository.ts";
import {
  issuePasswordToken,
  mayResetAgain,
  setPasswordWithToken,
  type TokenPurpose,
} from "../console/password-tokens.ts";
import { sendAccountElsewhereNotice, sendPasswordLink } from "../console/staff-links.ts";
import {
  createStaffMember,
  findStaffByEmail,
  listStaff,
  type PartnerRow,
  partnerVendorIds,
  type StaffRow,
} from "../console/staff-repository.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { auditActorOf, consoleErrors, consoleSecurity, consoleTags } from "./console-schemas.ts";

const tags = consoleTags;
const security = consoleSecurity;
const errors = consoleErrors;

function requireStaffManager(request: FastifyRequest): void {
  if (!staffMay(request.console.staff.role, "staff.manage"))
    throw new AppError(403, "ForbiddenException", "Only the partner's owner manages its staff");
}

/**
 * The console's staff: the owner lists and invites members; anyone sets a password from a one-time
 * link (an invitation's, or a reset's asked for on the sign-in page). Links go by e-mail, to the
 * outbox in demo mode. The two password routes answer without a session (`consolePublic`).
 */
export function consoleStaffRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;

  async function sendLink(
    member: Pick<StaffRow, "id" | "email" | "name" | "role">,
    partner: PartnerRow,
    purpose: TokenPurpose,
    locale: Locale,
  ) {
    const token = await issuePasswordToken(db, { staffId: member.id, purpose, now: services.now() });
    await sendPasswordLink(services, { member, partner, purpose, locale, token });
  }

  return async (app) => {
    app.get(
      "/api/console/staff",
      {
        schema: {
          summary: "The partner's staff (owners only)",
          tags,
          security,
          response: { 200: staffListSchema, ...errors },
        },
      },
      async (request) => {
        requireStaffManager(request);
        return { staff: await listStaff(db, request.console.partner.id) };
      },
    );

    app.post(
      "/api/console/staff",
      {
        schema: {
          summary: "Invites a member: they get an e-mail with a link to choose their password (owners only)",
          description:
            "An e-mail already of this partner's staff: 409 StaffExistsException. An e-mail that is another partner's console account is invited as any other (the answer says nothing of it), and its owner is told by e-mail that the invitation cannot be taken up with that address. Vendor staff need vendors of this partner.",
          tags,
          security,
          body: staffInvitationSchema,
          response: { 201: staffListSchema.shape.staff.element, ...errors },
        },
      },
      async (request, reply) => {
        requireStaffManager(request);
        const { partner } = request.console;
        const { body } = request;
        const vendorIds =
          body.role === "VENDOR_STAFF" ? await partnerVendorIds(db, partner.id, body.vendorIds) : [];
        if (body.role === "VENDOR_STAFF" && vendorIds.length !== new Set(body.vendorIds).size)
          throw new AppError(400, "ValidationException", "Unknown vendor", {
            details: [{ field: "vendorIds", message: "every vendor must be one of this partner's" }],
          });
        const id = await db.transaction(async (tx) => {
          const made = await createStaffMember(tx, {
            partnerId: partner.id,
            email: body.email,
            name: body.name,
            role: body.role,
            passwordHash: "",
            vendorIds,
          });
          if (made === null)
            throw new AppError(409, "StaffExistsException", "This e-mail already has a console account", {
              details: [{ field: "email", message: "already in use" }],
            });
          await recordAudit(tx, auditActorOf(request), {
            action: "staff.invite",
            entity: "staff",
            entityId: made,
            before: null,
            after: { email: body.email.toLowerCase(), role: body.role, vendorIds },
            at: services.now(),
          });
          return made;
        });
        const member = { id, email: body.email.toLowerCase(), name: body.name, role: body.role };
        // An account of another partner is neither told to this one nor taken over: the invitation
        // is kept as any other, and the person is told it cannot be taken up with this address.
        const account = await findStaffByEmail(db, member.email);
        if (account && account.staff.partnerId !== partner.id && account.staff.passwordHash !== "")
          await sendAccountElsewhereNotice(services, { member, partner, locale: body.locale });
        else await sendLink(member, partner, "INVITATION", body.locale);
        const listed = (await listStaff(db, partner.id)).find((one) => one.id === id);
        return reply.status(201).send(listed as NonNullable<typeof listed>);
      },
    );

    app.post(
      "/api/console/password-reset",
      {
        config: { consolePublic: true },
        schema: {
          summary: "Sends a member a link to choose a new password",
          description:
            "Answers 204 whether or not the e-mail belongs to a member, so it tells nobody which do. " +
            "A member gets at most 3 links an hour.",
          tags,
          body: passwordResetRequestSchema,
          response: { 204: z.null(), 400: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const found = await findStaffByEmail(db, request.body.email);
        if (
          found &&
          found.partner.status === "ACTIVE" &&
          (await mayResetAgain(db, found.staff.id, services.now()))
        )
          await sendLink(found.staff, found.partner, "RESET", request.body.locale);
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/api/console/password",
      {
        config: { consolePublic: true },
        schema: {
          summary: "Sets a member's password from a one-time link (an invitation or a reset)",
          description:
            "An unknown, used or expired link: 400 InvalidTokenException. An e-mail that has become another partner's console account meanwhile: 409 StaffExistsException. Signs the member out of every session.",
          tags,
          body: passwordSettingSchema,
          response: { 200: z.object({ email: z.string() }), 400: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request) =>
        setPasswordWithToken(db, {
          token: request.body.token,
          password: request.body.password,
          now: services.now(),
        }),
    );
  };
}
