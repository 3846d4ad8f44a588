CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text,
	"apartment_number" text,
	"comment" text,
	"entrance" text,
	"floor" text,
	"intercom" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"address_components" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"formatted_address" text,
	"short_address" text,
	"short_address_ext" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","id");