ALTER TABLE "images" ALTER COLUMN "org_uuid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD COLUMN "payload" text;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "user_uuid" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;