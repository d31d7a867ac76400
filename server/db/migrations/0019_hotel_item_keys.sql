-- Hand-edited (docs/adr/0047): the tables are pms_package_rows and rate_code_rows (pms_packages and
-- rate_codes are views of them since migrations 0016 and 0017). Their two keys (the organization,
-- the hotel) become one: the hotel, a unit of this organization. One check a row instead of two,
-- and a row can no longer name a hotel of another organization.
ALTER TABLE "organizational_units" ADD CONSTRAINT "organizational_units_uuid_org_unique" UNIQUE("uuid","org_uuid");
--> statement-breakpoint
ALTER TABLE "pms_package_rows" DROP CONSTRAINT "pms_packages_org_uuid_organizations_uuid_fk";
--> statement-breakpoint
ALTER TABLE "pms_package_rows" DROP CONSTRAINT "pms_packages_hotel_uuid_organizational_units_uuid_fk";
--> statement-breakpoint
ALTER TABLE "rate_code_rows" DROP CONSTRAINT "rate_codes_org_uuid_organizations_uuid_fk";
--> statement-breakpoint
ALTER TABLE "rate_code_rows" DROP CONSTRAINT "rate_codes_hotel_uuid_organizational_units_uuid_fk";
--> statement-breakpoint
ALTER TABLE "pms_package_rows" ADD CONSTRAINT "pms_packages_hotel_of_org_fk" FOREIGN KEY ("hotel_uuid","org_uuid") REFERENCES "public"."organizational_units"("uuid","org_uuid") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rate_code_rows" ADD CONSTRAINT "rate_codes_hotel_of_org_fk" FOREIGN KEY ("hotel_uuid","org_uuid") REFERENCES "public"."organizational_units"("uuid","org_uuid") ON DELETE cascade ON UPDATE no action;
