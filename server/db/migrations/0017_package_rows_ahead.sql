ALTER TABLE "rate_code_publications" DROP CONSTRAINT "rate_code_publications_hotel_uuid_organizational_units_uuid_fk";
--> statement-breakpoint
ALTER TABLE "rate_code_publications" ADD COLUMN "kind" text DEFAULT 'import' NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_code_publications" ADD COLUMN "registered_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Hand-written (docs/adr/0044): the packages' rows move to pms_package_rows, with the save that
-- wrote a row ahead of making it live; pms_packages becomes the view of the live ones
-- (automatically updatable: the queries read and write through it as they did through the table),
-- as rate_codes did in 0016.
ALTER TABLE "pms_packages" RENAME TO "pms_package_rows";
--> statement-breakpoint
ALTER TABLE "pms_package_rows" ADD COLUMN "imported_by" uuid;
--> statement-breakpoint
CREATE INDEX "pms_package_rows_import_idx" ON "pms_package_rows" USING btree ("imported_by") WHERE "imported_by" IS NOT NULL;
--> statement-breakpoint
CREATE VIEW "pms_packages" AS
  SELECT r."uuid", r."org_uuid", r."hotel_uuid", r."name", r."external_id", r."calculation_rule", r."deleted", r."version", r."created_at", r."updated_at"
  FROM "pms_package_rows" r
  WHERE r."imported_by" IS NULL OR r."imported_by" IN (SELECT p."import_uuid" FROM "rate_code_publications" p WHERE p."live");
