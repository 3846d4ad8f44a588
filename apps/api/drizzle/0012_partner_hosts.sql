CREATE TABLE "partner_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_hosts" ADD CONSTRAINT "partner_hosts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_hosts_partner_idx" ON "partner_hosts" USING btree ("partner_id");