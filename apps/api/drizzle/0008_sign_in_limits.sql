CREATE TABLE "external_token_uses" (
	"partner_id" integer NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "external_token_uses_partner_id_jti_pk" PRIMARY KEY("partner_id","jti")
);
--> statement-breakpoint
CREATE TABLE "invoice_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "external_token_uses" ADD CONSTRAINT "external_token_uses_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_emails" ADD CONSTRAINT "invoice_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_token_uses_expires_idx" ON "external_token_uses" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "invoice_emails_user_sent_idx" ON "invoice_emails" USING btree ("user_id","sent_at");--> statement-breakpoint
-- Sessions opened before the 180-day limit end by it too.
UPDATE "sessions" SET "expires_at" = LEAST("expires_at", "created_at" + interval '180 days');
