CREATE TABLE "persona_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"photo_ids" jsonb NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"error" text,
	"error_code" text,
	"suggested_name" text,
	"description" text,
	"source_key" text,
	"cutout_key" text,
	"image_key" text,
	"thumb_key" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "thumb_key" text;--> statement-breakpoint
ALTER TABLE "persona_drafts" ADD CONSTRAINT "persona_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "persona_drafts_user_idx" ON "persona_drafts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "persona_drafts_expires_idx" ON "persona_drafts" USING btree ("expires_at");