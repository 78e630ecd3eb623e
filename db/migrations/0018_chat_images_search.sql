DROP INDEX "images_user_kind_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "user_words" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
CREATE INDEX "images_user_kind_conversation_idx" ON "images" USING btree ("user_id","kind","conversation_id");--> statement-breakpoint
-- Conversations already held: their user messages' words, in order.
UPDATE "conversations" SET "user_words" = "words"."text" FROM (
  SELECT "m"."conversation_id", string_agg("p"->>'text', ' ' ORDER BY "m"."position", "p"."n") AS "text"
  FROM "chat_messages" "m", jsonb_array_elements(CASE WHEN jsonb_typeof("m"."parts") = 'array' THEN "m"."parts" ELSE '[]'::jsonb END) WITH ORDINALITY AS "p"("p", "n")
  WHERE "m"."role" = 'user' AND "p"->>'type' = 'text' AND jsonb_typeof("p"->'text') = 'string'
  GROUP BY "m"."conversation_id"
) "words" WHERE "conversations"."id" = "words"."conversation_id";--> statement-breakpoint
-- Images the chat already made: the conversation whose tool output first showed them, if it is the owner's.
UPDATE "images" SET "conversation_id" = "made"."conversation_id" FROM (
  SELECT DISTINCT ON ("ids"."image_id") "ids"."image_id", "ids"."conversation_id", "ids"."user_id"
  FROM (
    SELECT "m"."conversation_id", "c"."user_id", "m"."position", jsonb_path_query("m"."parts", 'lax $[*].output.images[*].id') #>> '{}' AS "image_id"
    FROM "chat_messages" "m" JOIN "conversations" "c" ON "c"."id" = "m"."conversation_id"
    WHERE "m"."role" = 'assistant'
  ) "ids"
  ORDER BY "ids"."image_id", "ids"."position"
) "made" WHERE "images"."id"::text = "made"."image_id" AND "images"."user_id" = "made"."user_id";
