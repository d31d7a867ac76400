CREATE TABLE "access_control_services" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_uuid" uuid NOT NULL,
	"hotel_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"default_hotel_uuid" uuid,
	"id_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hotels_and_packages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_pairing_codes" (
	"connection_uuid" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_definitions" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_uuid" uuid NOT NULL,
	"hotel_uuid" uuid,
	"name" text NOT NULL,
	"external_id" text DEFAULT '' NOT NULL,
	"pms_connection_uuid" uuid,
	"is_manual_room_entry_enabled" boolean DEFAULT false NOT NULL,
	"is_room_card_reading_enabled" boolean DEFAULT false NOT NULL,
	"magnetic_card_track" integer,
	"magnetic_card_type" text,
	"contactless_card_type" text,
	"contactless_card_sector" integer,
	"contactless_card_password" text,
	"contactless_card_key_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pms_packages" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_uuid" uuid NOT NULL,
	"hotel_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"external_id" text NOT NULL,
	"calculation_rule" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_codes" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_uuid" uuid NOT NULL,
	"hotel_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"external_id" text NOT NULL,
	"packages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_control_services" ADD CONSTRAINT "access_control_services_org_uuid_organizations_uuid_fk" FOREIGN KEY ("org_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_control_services" ADD CONSTRAINT "access_control_services_hotel_uuid_organizational_units_uuid_fk" FOREIGN KEY ("hotel_uuid") REFERENCES "public"."organizational_units"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_pairing_codes" ADD CONSTRAINT "agent_pairing_codes_connection_uuid_pms_connections_uuid_fk" FOREIGN KEY ("connection_uuid") REFERENCES "public"."pms_connections"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_definitions" ADD CONSTRAINT "hotel_definitions_org_uuid_organizations_uuid_fk" FOREIGN KEY ("org_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_definitions" ADD CONSTRAINT "hotel_definitions_hotel_uuid_organizational_units_uuid_fk" FOREIGN KEY ("hotel_uuid") REFERENCES "public"."organizational_units"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_definitions" ADD CONSTRAINT "hotel_definitions_pms_connection_uuid_pms_connections_uuid_fk" FOREIGN KEY ("pms_connection_uuid") REFERENCES "public"."pms_connections"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_packages" ADD CONSTRAINT "pms_packages_org_uuid_organizations_uuid_fk" FOREIGN KEY ("org_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_packages" ADD CONSTRAINT "pms_packages_hotel_uuid_organizational_units_uuid_fk" FOREIGN KEY ("hotel_uuid") REFERENCES "public"."organizational_units"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_codes" ADD CONSTRAINT "rate_codes_org_uuid_organizations_uuid_fk" FOREIGN KEY ("org_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_codes" ADD CONSTRAINT "rate_codes_hotel_uuid_organizational_units_uuid_fk" FOREIGN KEY ("hotel_uuid") REFERENCES "public"."organizational_units"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_control_services_hotel_idx" ON "access_control_services" USING btree ("hotel_uuid");--> statement-breakpoint
CREATE INDEX "hotel_definitions_org_idx" ON "hotel_definitions" USING btree ("org_uuid");--> statement-breakpoint
CREATE INDEX "hotel_definitions_hotel_idx" ON "hotel_definitions" USING btree ("hotel_uuid");--> statement-breakpoint
CREATE INDEX "pms_packages_hotel_idx" ON "pms_packages" USING btree ("hotel_uuid");--> statement-breakpoint
CREATE INDEX "rate_codes_hotel_idx" ON "rate_codes" USING btree ("hotel_uuid");