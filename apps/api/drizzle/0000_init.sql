CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"locality_id" integer NOT NULL,
	"spot" text DEFAULT 'top' NOT NULL,
	"title" jsonb NOT NULL,
	"image_id" integer NOT NULL,
	"vendor_id" integer,
	"url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"cooking_time" integer,
	"image_orientation" text DEFAULT 'LANDSCAPE' NOT NULL,
	"working_hours" jsonb
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"locality_id" integer NOT NULL,
	"parent_id" integer,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"image_id" integer,
	"top" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"base_path" text NOT NULL,
	"variants" jsonb NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "images_base_path_unique" UNIQUE("base_path")
);
--> statement-breakpoint
CREATE TABLE "localities" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"currency_code" text NOT NULL,
	"country_code" text NOT NULL,
	"lang" text NOT NULL,
	"delivery_zone" jsonb NOT NULL,
	"center_latitude" double precision NOT NULL,
	"center_longitude" double precision NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"multi_selection" boolean DEFAULT false NOT NULL,
	"max_count" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "options" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"public_info" jsonb NOT NULL,
	"contacts" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"default_locality_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_id" integer,
	"price" bigint NOT NULL,
	"discount_price" bigint,
	"weight" double precision NOT NULL,
	"weight_unit" text NOT NULL,
	"attributes" text[] DEFAULT '{}' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"nutrition_facts" jsonb,
	"sort" integer DEFAULT 0 NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"popular" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_categories" (
	"vendor_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "vendor_categories_vendor_id_category_id_pk" PRIMARY KEY("vendor_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"locality_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"vendor_type" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"image_id" integer,
	"avatar_id" integer,
	"rating" double precision,
	"ratings_count" integer DEFAULT 0 NOT NULL,
	"working_hours" jsonb NOT NULL,
	"receipt_types" text[] NOT NULL,
	"cooking_minutes_min" integer NOT NULL,
	"cooking_minutes_max" integer NOT NULL,
	"delivery_fee" bigint NOT NULL,
	"min_order_price" bigint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"live_mode" boolean DEFAULT true NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_locality_id_localities_id_fk" FOREIGN KEY ("locality_id") REFERENCES "public"."localities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_sections" ADD CONSTRAINT "catalogue_sections_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_locality_id_localities_id_fk" FOREIGN KEY ("locality_id") REFERENCES "public"."localities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "localities" ADD CONSTRAINT "localities_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_groups" ADD CONSTRAINT "option_groups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_group_id_option_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."option_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_section_id_catalogue_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."catalogue_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_categories" ADD CONSTRAINT "vendor_categories_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_categories" ADD CONSTRAINT "vendor_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_locality_id_localities_id_fk" FOREIGN KEY ("locality_id") REFERENCES "public"."localities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_avatar_id_images_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_partner_created_idx" ON "analytics_events" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "banners_locality_sort_idx" ON "banners" USING btree ("locality_id","visible","sort");--> statement-breakpoint
CREATE INDEX "catalogue_sections_vendor_sort_idx" ON "catalogue_sections" USING btree ("vendor_id","sort");--> statement-breakpoint
CREATE INDEX "categories_locality_sort_idx" ON "categories" USING btree ("locality_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_locality_key_idx" ON "categories" USING btree ("locality_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_partner_slug_idx" ON "content_pages" USING btree ("partner_id","slug");--> statement-breakpoint
CREATE INDEX "content_pages_partner_sort_idx" ON "content_pages" USING btree ("partner_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "localities_partner_code_idx" ON "localities" USING btree ("partner_id","code");--> statement-breakpoint
CREATE INDEX "localities_partner_sort_idx" ON "localities" USING btree ("partner_id","sort");--> statement-breakpoint
CREATE INDEX "option_groups_product_sort_idx" ON "option_groups" USING btree ("product_id","sort");--> statement-breakpoint
CREATE INDEX "options_group_sort_idx" ON "options" USING btree ("group_id","sort");--> statement-breakpoint
CREATE INDEX "products_vendor_section_sort_idx" ON "products" USING btree ("vendor_id","section_id","sort");--> statement-breakpoint
CREATE INDEX "products_section_idx" ON "products" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "vendor_categories_category_idx" ON "vendor_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "vendors_locality_visible_sort_idx" ON "vendors" USING btree ("locality_id","visible","sort");--> statement-breakpoint
CREATE INDEX "vendors_search_text_trgm_idx" ON "vendors" USING gin ("search_text" gin_trgm_ops);