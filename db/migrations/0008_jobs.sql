CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"user_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"error" text,
	"error_code" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "images_jobs_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_open_idx" ON "jobs" USING btree ("status","created_at") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
-- Generations queued or running before the upgrade become jobs with their lease as it was, so a running one is
-- recovered (failed and refunded once) exactly as before.
INSERT INTO "jobs" ("kind", "payload", "status", "user_id", "attempts", "locked_by", "locked_until", "created_at")
  SELECT 'generate', jsonb_build_object('imageId', "id"), CASE "status" WHEN 'pending' THEN 'queued' ELSE 'running' END,
    "user_id", "attempts", "locked_by", "locked_until", "created_at"
  FROM "images" WHERE "status" IN ('pending', 'running') AND "kind" = 'generated';--> statement-breakpoint
ALTER TABLE "images" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "images" DROP COLUMN "locked_by";--> statement-breakpoint
ALTER TABLE "images" DROP COLUMN "locked_until";