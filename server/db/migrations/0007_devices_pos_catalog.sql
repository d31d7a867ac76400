CREATE TABLE "device_units" (
	"device_uuid" uuid NOT NULL,
	"ou_uuid" uuid NOT NULL,
	CONSTRAINT "device_units_device_uuid_ou_uuid_pk" PRIMARY KEY("device_uuid","ou_uuid")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_uuid" uuid,
	"alias" text NOT NULL,
	"alias_key" text NOT NULL,
	"serial" text NOT NULL,
	"model" text NOT NULL,
	"status" text DEFAULT 'OFFLINE' NOT NULL,
	"last_seen" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_serial_unique" UNIQUE("serial")
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_uuid" uuid NOT NULL,
	"ou_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_item_categories" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_uuid" uuid NOT NULL,
	"ou_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"category_group" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_item_definitions" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_uuid" uuid NOT NULL,
	"ou_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"price_minor" integer NOT NULL,
	"category_uuid" uuid,
	"tag_uuids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image" text,
	"slu" text DEFAULT '' NOT NULL,
	"favorite" boolean DEFAULT false NOT NULL,
	"favorite_order" integer,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_item_tags" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_uuid" uuid NOT NULL,
	"ou_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_installations" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_uuid" uuid NOT NULL,
	"ou_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"catalog_version" integer DEFAULT 1 NOT NULL,
	"synced_catalog_version" integer DEFAULT 0 NOT NULL,
	"last_sync" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_units" ADD CONSTRAINT "device_units_device_uuid_devices_uuid_fk" FOREIGN KEY ("device_uuid") REFERENCES "public"."devices"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_units" ADD CONSTRAINT "device_units_ou_uuid_organizational_units_uuid_fk" FOREIGN KEY ("ou_uuid") REFERENCES "public"."organizational_units"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_org_uuid_organizations_uuid_fk" FOREIGN KEY ("org_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_org_uuid_organizations_uuid_fk" FOREIGN KEY ("org_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_ou_uuid_organizational_units_uuid_fk" FOREIGN KEY ("ou_uuid") REFERENCES "public"."organizational_units"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_categories" ADD CONSTRAINT "order_item_categories_org_uuid_organizations_uuid_fk" FOREIGN KEY ("org_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_categories" ADD CONSTRAINT "order_item_categories_ou_uuid_organizational_units_uuid_fk" FOREIGN KEY ("ou_uuid") REFERENCES "public"."organizational_units"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_definitions" ADD CONSTRAINT "order_item_definitions_org_uuid_organizations_uuid_fk" FOREIGN KEY ("org_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_definitions" ADD CONSTRAINT "order_item_definitions_ou_uuid_organizational_units_uuid_fk" FOREIGN KEY ("ou_uuid") REFERENCES "public"."organizational_units"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_definitions" ADD CONSTRAINT "order_item_definitions_category_uuid_order_item_categories_uuid_fk" FOREIGN KEY ("category_uuid") REFERENCES "public"."order_item_categories"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_tags" ADD CONSTRAINT "order_item_tags_org_uuid_organizations_uuid_fk" FOREIGN KEY ("org_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_tags" ADD CONSTRAINT "order_item_tags_ou_uuid_organizational_units_uuid_fk" FOREIGN KEY ("ou_uuid") REFERENCES "public"."organizational_units"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_installations" ADD CONSTRAINT "pos_installations_org_uuid_organizations_uuid_fk" FOREIGN KEY ("org_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_installations" ADD CONSTRAINT "pos_installations_ou_uuid_organizational_units_uuid_fk" FOREIGN KEY ("ou_uuid") REFERENCES "public"."organizational_units"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_units_ou_idx" ON "device_units" USING btree ("ou_uuid");--> statement-breakpoint
CREATE INDEX "devices_org_idx" ON "devices" USING btree ("org_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_org_alias_idx" ON "devices" USING btree ("org_uuid","alias_key");--> statement-breakpoint
CREATE INDEX "discounts_ou_idx" ON "discounts" USING btree ("ou_uuid");--> statement-breakpoint
CREATE INDEX "order_item_categories_ou_idx" ON "order_item_categories" USING btree ("ou_uuid");--> statement-breakpoint
CREATE INDEX "order_item_definitions_ou_idx" ON "order_item_definitions" USING btree ("ou_uuid");--> statement-breakpoint
CREATE INDEX "order_item_definitions_category_idx" ON "order_item_definitions" USING btree ("category_uuid");--> statement-breakpoint
CREATE INDEX "order_item_tags_ou_idx" ON "order_item_tags" USING btree ("ou_uuid");--> statement-breakpoint
CREATE INDEX "pos_installations_org_idx" ON "pos_installations" USING btree ("org_uuid");--> statement-breakpoint
CREATE INDEX "pos_installations_ou_idx" ON "pos_installations" USING btree ("ou_uuid");