CREATE TABLE "discord_links" (
	"discord_user_id" text PRIMARY KEY NOT NULL,
	"pending_email" text,
	"user_id" uuid,
	"linked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discord_links_userId_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "discord_user_id" text;--> statement-breakpoint
ALTER TABLE "discord_links" ADD CONSTRAINT "discord_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_discordUserId_unique" UNIQUE("discord_user_id");