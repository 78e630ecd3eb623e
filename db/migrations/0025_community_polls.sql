CREATE TABLE "community_polls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_id" uuid,
	"image_ids" jsonb NOT NULL,
	"share_id" uuid NOT NULL,
	"guild_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"message_id" text,
	"status" text DEFAULT 'posting' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"posted_by_discord_user_id" text,
	"closes_at" timestamp (3) with time zone NOT NULL,
	"closed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "purpose" text DEFAULT 'link' NOT NULL;--> statement-breakpoint
ALTER TABLE "community_polls" ADD CONSTRAINT "community_polls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_polls" ADD CONSTRAINT "community_polls_share_id_share_links_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_polls_user_created_idx" ON "community_polls" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "community_polls_open_idx" ON "community_polls" USING btree ("closes_at") WHERE "community_polls"."status" = 'open';