CREATE TABLE "rate_code_import_rows" (
	"import_uuid" uuid NOT NULL,
	"seq" integer NOT NULL,
	"name" text NOT NULL,
	"packages" jsonb NOT NULL,
	"first_line" integer NOT NULL,
	"long_name" boolean DEFAULT false NOT NULL,
	CONSTRAINT "rate_code_import_rows_import_uuid_seq_pk" PRIMARY KEY("import_uuid","seq")
);
--> statement-breakpoint
CREATE TABLE "rate_code_imports" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hotel_uuid" uuid NOT NULL,
	"user_uuid" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rate_code_imports" ADD CONSTRAINT "rate_code_imports_hotel_uuid_organizational_units_uuid_fk" FOREIGN KEY ("hotel_uuid") REFERENCES "public"."organizational_units"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_code_imports_hotel_idx" ON "rate_code_imports" USING btree ("hotel_uuid");--> statement-breakpoint
CREATE INDEX "rate_code_imports_user_idx" ON "rate_code_imports" USING btree ("user_uuid");