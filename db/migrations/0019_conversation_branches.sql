ALTER TABLE "chat_messages" ADD COLUMN "parent_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "active_message_id" text;--> statement-breakpoint
-- Threads already held were straight lines: each message follows the one before it, and the last is the active leaf.
UPDATE "chat_messages" SET "parent_id" = "before"."parent_id" FROM (
  SELECT "conversation_id", "id", lag("id") OVER (PARTITION BY "conversation_id" ORDER BY "position") AS "parent_id" FROM "chat_messages"
) "before" WHERE "chat_messages"."conversation_id" = "before"."conversation_id" AND "chat_messages"."id" = "before"."id";--> statement-breakpoint
UPDATE "conversations" SET "active_message_id" = "last"."id" FROM (
  SELECT DISTINCT ON ("conversation_id") "conversation_id", "id" FROM "chat_messages" ORDER BY "conversation_id", "position" DESC
) "last" WHERE "conversations"."id" = "last"."conversation_id";
