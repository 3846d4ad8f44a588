CREATE TABLE "courier_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"courier_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "courier_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
DROP INDEX "phone_confirmations_phone_idx";--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "shift_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "located_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "handover_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "handover_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_confirmations" ADD COLUMN "audience" text DEFAULT 'CUSTOMER' NOT NULL;--> statement-breakpoint
ALTER TABLE "courier_sessions" ADD CONSTRAINT "courier_sessions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_sessions" ADD CONSTRAINT "courier_sessions_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courier_sessions_courier_idx" ON "courier_sessions" USING btree ("courier_id");--> statement-breakpoint
CREATE INDEX "phone_confirmations_phone_idx" ON "phone_confirmations" USING btree ("partner_id","phone","audience","created_at");