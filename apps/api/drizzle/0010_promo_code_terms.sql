ALTER TABLE "promo_code_uses" DROP CONSTRAINT "promo_code_uses_promo_code_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_order_id_pk" PRIMARY KEY("promo_code_id","order_id");--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "max_uses_per_customer" integer DEFAULT 1;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "vendor_id" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_code_uses_customer_idx" ON "promo_code_uses" USING btree ("promo_code_id","user_id");