CREATE TABLE "history_entries" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"record_uuid" uuid NOT NULL,
	"org_uuid" uuid NOT NULL,
	"unit_uuid" uuid,
	"user_uuid" uuid NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"bulk" jsonb,
	"made_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"offline" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "history_org_applied_idx" ON "history_entries" USING btree ("org_uuid","applied_at" DESC NULLS LAST,"uuid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "history_record_idx" ON "history_entries" USING btree ("record_uuid","applied_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "history_applied_idx" ON "history_entries" USING btree ("applied_at");