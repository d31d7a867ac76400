CREATE TABLE "hotel_item_marks" (
	"hotel_uuid" uuid PRIMARY KEY NOT NULL,
	"mark" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written (docs/adr/0044): every statement that writes a hotel's packages or rate codes (their
-- rows, through the views or not) or makes rows written ahead live moves the hotel's mark on.
-- ENABLE ALWAYS: the triggers fire under session_replication_role = replica too (the writes that
-- skip the row-by-row key checks on PGlite).
CREATE FUNCTION "mark_hotel_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "hotel_item_marks" ("hotel_uuid", "mark")
    SELECT DISTINCT c."hotel_uuid", 1 FROM "changed_rows" c
    ON CONFLICT ("hotel_uuid") DO UPDATE SET "mark" = "hotel_item_marks"."mark" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "pms_package_rows_inserted" AFTER INSERT ON "pms_package_rows" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "mark_hotel_items"();
--> statement-breakpoint
CREATE TRIGGER "pms_package_rows_updated" AFTER UPDATE ON "pms_package_rows" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "mark_hotel_items"();
--> statement-breakpoint
CREATE TRIGGER "pms_package_rows_deleted" AFTER DELETE ON "pms_package_rows" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "mark_hotel_items"();
--> statement-breakpoint
CREATE TRIGGER "rate_code_rows_inserted" AFTER INSERT ON "rate_code_rows" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "mark_hotel_items"();
--> statement-breakpoint
CREATE TRIGGER "rate_code_rows_updated" AFTER UPDATE ON "rate_code_rows" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "mark_hotel_items"();
--> statement-breakpoint
CREATE TRIGGER "rate_code_rows_deleted" AFTER DELETE ON "rate_code_rows" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "mark_hotel_items"();
--> statement-breakpoint
CREATE TRIGGER "rate_code_publications_updated" AFTER UPDATE ON "rate_code_publications" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "mark_hotel_items"();
--> statement-breakpoint
ALTER TABLE "pms_package_rows" ENABLE ALWAYS TRIGGER "pms_package_rows_inserted";
--> statement-breakpoint
ALTER TABLE "pms_package_rows" ENABLE ALWAYS TRIGGER "pms_package_rows_updated";
--> statement-breakpoint
ALTER TABLE "pms_package_rows" ENABLE ALWAYS TRIGGER "pms_package_rows_deleted";
--> statement-breakpoint
ALTER TABLE "rate_code_rows" ENABLE ALWAYS TRIGGER "rate_code_rows_inserted";
--> statement-breakpoint
ALTER TABLE "rate_code_rows" ENABLE ALWAYS TRIGGER "rate_code_rows_updated";
--> statement-breakpoint
ALTER TABLE "rate_code_rows" ENABLE ALWAYS TRIGGER "rate_code_rows_deleted";
--> statement-breakpoint
ALTER TABLE "rate_code_publications" ENABLE ALWAYS TRIGGER "rate_code_publications_updated";
