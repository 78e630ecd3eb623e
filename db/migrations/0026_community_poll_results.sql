ALTER TABLE "community_polls" ADD COLUMN "final_tally" jsonb;--> statement-breakpoint
ALTER TABLE "community_polls" ADD COLUMN "closed_drawn_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "community_polls" ADD COLUMN "close_edits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_polls" ADD COLUMN "close_edit_queued_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "community_polls_undrawn_idx" ON "community_polls" USING btree ("closed_at") WHERE "community_polls"."status" = 'closed' and "community_polls"."closed_drawn_at" is null;--> statement-breakpoint
-- Polls closed before this migration: their closing edit is not retried.
UPDATE "community_polls" SET "closed_drawn_at" = "closed_at", "close_edits" = 1 WHERE "status" = 'closed';
