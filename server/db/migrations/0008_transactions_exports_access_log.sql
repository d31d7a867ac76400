CREATE TABLE "access_log_entries" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_uuid" uuid NOT NULL,
	"hotel_uuid" uuid NOT NULL,
	"service_uuid" uuid,
	"service_name" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"room" text NOT NULL,
	"identification_method" text NOT NULL,
	"granted" boolean NOT NULL,
	"device_alias" text
);
--> statement-breakpoint
CREATE TABLE "export_chunks" (
	"job_uuid" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" text NOT NULL,
	CONSTRAINT "export_chunks_job_uuid_seq_pk" PRIMARY KEY("job_uuid","seq")
);
--> statement-breakpoint
CREATE TABLE "export_jobs" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_uuid" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"scope_ou_uuid" uuid,
	"ou_uuids" uuid[] NOT NULL,
	"include_descendants" boolean NOT NULL,
	"after" timestamp with time zone NOT NULL,
	"before" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim_token" uuid,
	"lease_until" timestamp with time zone,
	"row_count" integer,
	"byte_count" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_uuid" uuid NOT NULL,
	"ou_uuid" uuid NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"check_number" integer NOT NULL,
	"table_number" text,
	"guests" integer,
	"employee" text NOT NULL,
	"payment_method_type" text NOT NULL,
	"payment_type" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal_minor" integer NOT NULL,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"tax_minor" integer DEFAULT 0 NOT NULL,
	"tip_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"items" jsonb NOT NULL,
	"discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"room_number" text,
	"guest_name" text,
	"pms_posting_status" text,
	"related_uuid" uuid,
	"receipt_number" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_log_entries" ADD CONSTRAINT "access_log_entries_org_uuid_organizations_uuid_fk" FOREIGN KEY ("org_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log_entries" ADD CONSTRAINT "access_log_entries_hotel_uuid_organizational_units_uuid_fk" FOREIGN KEY ("hotel_uuid") REFERENCES "public"."organizational_units"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log_entries" ADD CONSTRAINT "access_log_entries_service_uuid_access_control_services_uuid_fk" FOREIGN KEY ("service_uuid") REFERENCES "public"."access_control_services"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_chunks" ADD CONSTRAINT "export_chunks_job_uuid_export_jobs_uuid_fk" FOREIGN KEY ("job_uuid") REFERENCES "public"."export_jobs"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_org_uuid_organizations_uuid_fk" FOREIGN KEY ("org_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_requested_by_users_uuid_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_org_uuid_organizations_uuid_fk" FOREIGN KEY ("org_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_ou_uuid_organizational_units_uuid_fk" FOREIGN KEY ("ou_uuid") REFERENCES "public"."organizational_units"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_hotel_time_idx" ON "access_log_entries" USING btree ("hotel_uuid","occurred_at" DESC NULLS LAST,"uuid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_log_hotel_room_time_idx" ON "access_log_entries" USING btree ("hotel_uuid","room","occurred_at" DESC NULLS LAST,"uuid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_log_service_time_idx" ON "access_log_entries" USING btree ("service_uuid","occurred_at" DESC NULLS LAST,"uuid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_log_org_time_idx" ON "access_log_entries" USING btree ("org_uuid","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "export_jobs_status_idx" ON "export_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "export_jobs_expires_idx" ON "export_jobs" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "transactions_time_idx" ON "transactions" USING btree ("occurred_at" DESC NULLS LAST,"uuid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_ou_time_idx" ON "transactions" USING btree ("ou_uuid","occurred_at" DESC NULLS LAST,"uuid" DESC NULLS LAST,"currency","total_minor","payment_method_type","payment_type");--> statement-breakpoint
CREATE INDEX "transactions_ou_room_idx" ON "transactions" USING btree ("ou_uuid","room_number","occurred_at" DESC NULLS LAST) WHERE "transactions"."room_number" is not null;--> statement-breakpoint
CREATE INDEX "transactions_ou_check_idx" ON "transactions" USING btree ("ou_uuid","check_number","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_related_idx" ON "transactions" USING btree ("related_uuid") WHERE "transactions"."related_uuid" is not null;