CREATE TABLE "group_joins" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"request_ip" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_joins" ADD CONSTRAINT "group_joins_group_id_group_orders_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."group_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_joins_group_idx" ON "group_joins" USING btree ("group_id","at");--> statement-breakpoint
CREATE INDEX "group_joins_ip_idx" ON "group_joins" USING btree ("request_ip","at");