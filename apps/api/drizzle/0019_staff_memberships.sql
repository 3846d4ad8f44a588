DROP INDEX "staff_members_email_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_email_partner_idx" ON "staff_members" USING btree ("email","partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_account_email_idx" ON "staff_members" USING btree ("email") WHERE "staff_members"."password_hash" <> '';