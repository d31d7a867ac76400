CREATE TABLE "rate_code_publications" (
	"import_uuid" uuid PRIMARY KEY NOT NULL,
	"hotel_uuid" uuid NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "rate_code_publications" ADD CONSTRAINT "rate_code_publications_hotel_uuid_organizational_units_uuid_fk" FOREIGN KEY ("hotel_uuid") REFERENCES "public"."organizational_units"("uuid") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Hand-written (docs/adr/0042): the rate codes' rows move to rate_code_rows, with the import that
-- wrote a row ahead of making it live; rate_codes becomes the view of the live ones (automatically
-- updatable: the queries read and write through it as they did through the table).
ALTER TABLE "rate_codes" RENAME TO "rate_code_rows";
--> statement-breakpoint
ALTER TABLE "rate_code_rows" ADD COLUMN "imported_by" uuid;
--> statement-breakpoint
CREATE INDEX "rate_code_rows_import_idx" ON "rate_code_rows" USING btree ("imported_by","name") WHERE "imported_by" IS NOT NULL;
--> statement-breakpoint
CREATE VIEW "rate_codes" AS
  SELECT r."uuid", r."org_uuid", r."hotel_uuid", r."name", r."external_id", r."packages", r."version", r."created_at", r."updated_at"
  FROM "rate_code_rows" r
  WHERE r."imported_by" IS NULL OR r."imported_by" IN (SELECT p."import_uuid" FROM "rate_code_publications" p WHERE p."live");
