CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"prompt" text,
	"style" text,
	"aspect" text,
	"model" text,
	"seed" bigint,
	"persona_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"base_image_id" uuid,
	"width" integer,
	"height" integer,
	"original_key" text,
	"preview_key" text,
	"thumb_key" text,
	"scene" jsonb,
	"credits_spent" integer DEFAULT 0 NOT NULL,
	"error" text,
	"error_code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"handle" text NOT NULL,
	"role" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source_key" text,
	"cutout_key" text NOT NULL,
	"image_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personas_user_handle_unique" UNIQUE("user_id","handle")
);
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_user_created_idx" ON "images" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "images_jobs_idx" ON "images" USING btree ("status","created_at") WHERE "images"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "images_expires_idx" ON "images" USING btree ("expires_at") WHERE "images"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "personas_user_idx" ON "personas" USING btree ("user_id");