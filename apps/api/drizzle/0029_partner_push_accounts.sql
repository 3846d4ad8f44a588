CREATE TABLE "partner_push_accounts" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"service_account_sealed" text NOT NULL,
	"project_id" text NOT NULL,
	"client_email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_push_accounts" ADD CONSTRAINT "partner_push_accounts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;