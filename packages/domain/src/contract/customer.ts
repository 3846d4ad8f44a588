import { z } from "zod";
import { localeSchema } from "./common.ts";

export const platformHeaderSchema = z.enum(["ios", "android", "web"]);

export const sendPhoneConfirmationQuerySchema = z.object({
  phone: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .describe("international number; plus signs, spaces and brackets are ignored"),
});
export const sendPhoneConfirmationAnswerSchema = z.object({
  sent: z.literal(true),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});

export const loginBodySchema = z.object({
  phone: z.string().trim().min(1).max(32),
  token: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, "the code from the SMS, digits only")
    .describe("the SMS code"),
});

export const customerUserSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  phone: z.string(),
  birthDate: z.string().nullable(),
  email: z.string().nullable(),
  healthyLifestyle: z.boolean(),
  lang: z.string().nullable(),
  gaUserId: z.string().nullable(),
  status: z.enum(["ACTIVE", "DELETION_SCHEDULED"]),
});
export type CustomerUser = z.infer<typeof customerUserSchema>;

export const loginAnswerSchema = z.object({
  user: customerUserSchema,
  token: z.string().optional().describe("the session token, for a native client (X-Platform ios or android)"),
});

const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return (
      !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getTime() < Date.now()
    );
  }, "is not a past calendar date");

export const updateCustomerSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    birthDate: calendarDate.nullable().optional(),
    email: z.email("invalid email").max(200).nullable().optional(),
    healthyLifestyle: z.boolean().optional(),
    lang: localeSchema.optional(),
  })
  .strict();
export type UpdateCustomer = z.infer<typeof updateCustomerSchema>;

export const deletionAnswerSchema = z.object({
  deletionDueAt: z.string().describe("when the account is deleted unless its owner signs in again"),
});

export const fcmTokenBodySchema = z.object({
  token: z.string().min(1).max(4096),
  projectId: z.string().min(1).max(200),
});

export const outboxEntrySchema = z.object({
  channel: z.enum(["SMS", "EMAIL", "PUSH"]),
  to: z.string(),
  subject: z.string().optional(),
  text: z.string(),
  code: z.string().optional(),
  at: z.string(),
});

export const favouritesSchema = z.object({
  vendors: z.array(z.object({ id: z.number().int() })),
  products: z.array(z.object({ id: z.number().int() })),
});
export type Favourites = z.infer<typeof favouritesSchema>;
