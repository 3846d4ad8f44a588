ALTER TABLE "promo_codes" ADD COLUMN "referrer_user_id" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "bonus_for_order_id" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_bonus_for_order_id_orders_id_fk" FOREIGN KEY ("bonus_for_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_code_uses_order_idx" ON "promo_code_uses" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_partner_code_everywhere_idx" ON "promo_codes" USING btree ("partner_id","code") WHERE "promo_codes"."locality_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_referrer_idx" ON "promo_codes" USING btree ("referrer_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_bonus_order_idx" ON "promo_codes" USING btree ("bonus_for_order_id");