-- The search index (docs/product/search.md, docs/decisions/042-search.md). pg_trgm ships with PostgreSQL (trusted
-- since 13) and with PGlite (db/open-db.ts loads it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Chinese and Japanese have no dictionary in PostgreSQL: each run of Han, kana or half-width kana becomes its
-- overlapping pairs of characters (a single character stays one), which a query's own pairs match the same way on
-- every locale, PGlite's included.
CREATE FUNCTION search_cjk_bigrams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT CASE WHEN length(r.run) = 1 THEN r.run ELSE substr(r.run, i, 2) END), '{}'::text[])
  FROM (SELECT m[1] AS run FROM regexp_matches(coalesce(t, ''), '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]+', 'g') AS m) r,
    generate_series(1, greatest(length(r.run) - 1, 1)) AS i
$$;--> statement-breakpoint
-- Words as every dictionary PostgreSQL has for the six languages reads them (a document's language is not known; a
-- query is read in one), the plain words, and the CJK pairs.
CREATE FUNCTION search_words(t text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('simple'::regconfig, coalesce(t, '')) || to_tsvector('english'::regconfig, coalesce(t, ''))
    || to_tsvector('spanish'::regconfig, coalesce(t, '')) || to_tsvector('french'::regconfig, coalesce(t, ''))
    || to_tsvector('german'::regconfig, coalesce(t, '')) || array_to_tsvector(search_cjk_bigrams(t))
$$;--> statement-breakpoint
-- The text parts of a chat message (AI SDK UI message parts), in order.
CREATE FUNCTION search_message_text(parts jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(e.p ->> 'text', ' ' ORDER BY e.n), '')
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(parts) = 'array' THEN parts ELSE '[]'::jsonb END) WITH ORDINALITY AS e(p, n)
  WHERE e.p ->> 'type' = 'text' AND jsonb_typeof(e.p -> 'text') = 'string'
$$;--> statement-breakpoint
-- The words a Studio scene draws (its text layers: the headline).
CREATE FUNCTION search_scene_text(scene jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(l ->> 'text', ' '), '')
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(scene -> 'text') = 'array' THEN scene -> 'text' ELSE '[]'::jsonb END) AS l
  WHERE jsonb_typeof(l -> 'text') = 'string'
$$;--> statement-breakpoint
CREATE TABLE "search_documents" (
	"kind" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"message_id" text DEFAULT '' NOT NULL,
	"user_id" uuid NOT NULL,
	"conversation_id" uuid,
	"pack_id" uuid,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"context" text DEFAULT '' NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"words" "tsvector" GENERATED ALWAYS AS (setweight(search_words(title), 'A') || setweight(search_words(body), 'B') || setweight(search_words(context), 'D')) STORED NOT NULL,
	"plain" text GENERATED ALWAYS AS (lower(title || ' ' || body)) STORED NOT NULL,
	CONSTRAINT "search_documents_kind_ref_id_message_id_pk" PRIMARY KEY("kind","ref_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_documents_conversation_words_idx" ON "search_documents" USING gin ("words") WHERE kind = 'conversation';--> statement-breakpoint
CREATE INDEX "search_documents_message_words_idx" ON "search_documents" USING gin ("words") WHERE kind = 'message';--> statement-breakpoint
CREATE INDEX "search_documents_image_words_idx" ON "search_documents" USING gin ("words") WHERE kind = 'image';--> statement-breakpoint
CREATE INDEX "search_documents_persona_words_idx" ON "search_documents" USING gin ("words") WHERE kind = 'persona';--> statement-breakpoint
CREATE INDEX "search_documents_user_kind_at_idx" ON "search_documents" USING btree ("user_id","kind","at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "search_documents_pack_idx" ON "search_documents" USING btree ("pack_id") WHERE "search_documents"."pack_id" is not null;--> statement-breakpoint
CREATE INDEX "search_documents_conversation_idx" ON "search_documents" USING btree ("conversation_id") WHERE "search_documents"."conversation_id" is not null;--> statement-breakpoint
-- The index follows every write of its sources in the writer's own statement: no service, script or bot can leave it
-- behind (decision 042).
CREATE FUNCTION search_conversation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE kind IN ('conversation', 'message') AND ref_id = OLD.id;
    RETURN NULL;
  END IF;
  INSERT INTO search_documents (kind, ref_id, user_id, conversation_id, title, at)
  VALUES ('conversation', NEW.id, NEW.user_id, NEW.id, NEW.title, NEW.updated_at)
  ON CONFLICT (kind, ref_id, message_id) DO UPDATE SET title = excluded.title, at = excluded.at;
  IF TG_OP = 'UPDATE' AND (NEW.title IS DISTINCT FROM OLD.title OR NEW.user_words IS DISTINCT FROM OLD.user_words) THEN
    UPDATE search_documents SET context = NEW.title || ' ' || NEW.user_words WHERE kind = 'image' AND conversation_id = NEW.id AND user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_conversations AFTER INSERT OR UPDATE OF title, user_words, updated_at OR DELETE ON conversations
  FOR EACH ROW EXECUTE FUNCTION search_conversation_changed();--> statement-breakpoint
CREATE FUNCTION search_message_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  words text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE kind = 'message' AND ref_id = OLD.conversation_id AND message_id = OLD.id;
    RETURN NULL;
  END IF;
  words := search_message_text(NEW.parts);
  IF words = '' THEN
    DELETE FROM search_documents WHERE kind = 'message' AND ref_id = NEW.conversation_id AND message_id = NEW.id;
    RETURN NULL;
  END IF;
  INSERT INTO search_documents (kind, ref_id, message_id, user_id, conversation_id, body, at)
  SELECT 'message', NEW.conversation_id, NEW.id, c.user_id, NEW.conversation_id, words, NEW.created_at FROM conversations c WHERE c.id = NEW.conversation_id
  ON CONFLICT (kind, ref_id, message_id) DO UPDATE SET body = excluded.body;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_chat_messages AFTER INSERT OR UPDATE OF parts OR DELETE ON chat_messages
  FOR EACH ROW EXECUTE FUNCTION search_message_changed();--> statement-breakpoint
-- A finished image the gallery lists (made images and frames saved from videos; never a temporary upload).
CREATE FUNCTION search_image_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  made_in text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE kind = 'image' AND ref_id = OLD.id;
    RETURN NULL;
  END IF;
  IF NEW.status <> 'ready' OR (NEW.kind = 'upload' AND NEW.source_video IS NULL) THEN
    IF TG_OP = 'UPDATE' THEN
      DELETE FROM search_documents WHERE kind = 'image' AND ref_id = NEW.id;
    END IF;
    RETURN NULL;
  END IF;
  SELECT c.title || ' ' || c.user_words INTO made_in FROM conversations c WHERE c.id = NEW.conversation_id AND c.user_id = NEW.user_id;
  INSERT INTO search_documents (kind, ref_id, user_id, conversation_id, pack_id, title, body, context, at)
  VALUES ('image', NEW.id, NEW.user_id, NEW.conversation_id, NEW.pack_id, search_scene_text(NEW.scene),
    concat_ws(' ', NEW.prompt, NEW.title, NEW.source_video ->> 'name'), coalesce(made_in, ''), NEW.created_at)
  ON CONFLICT (kind, ref_id, message_id) DO UPDATE SET conversation_id = excluded.conversation_id, pack_id = excluded.pack_id,
    title = excluded.title, body = excluded.body, context = excluded.context, at = excluded.at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_images AFTER INSERT OR UPDATE OF status, kind, prompt, scene, title, source_video, pack_id, conversation_id OR DELETE ON images
  FOR EACH ROW EXECUTE FUNCTION search_image_changed();--> statement-breakpoint
CREATE FUNCTION search_persona_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE kind = 'persona' AND ref_id = OLD.id;
    RETURN NULL;
  END IF;
  INSERT INTO search_documents (kind, ref_id, user_id, title, body, at)
  VALUES ('persona', NEW.id, NEW.user_id, NEW.name, '@' || NEW.handle || ' ' || NEW.description, NEW.created_at)
  ON CONFLICT (kind, ref_id, message_id) DO UPDATE SET title = excluded.title, body = excluded.body;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_personas AFTER INSERT OR UPDATE OF name, handle, description OR DELETE ON personas
  FOR EACH ROW EXECUTE FUNCTION search_persona_changed();--> statement-breakpoint
-- What is already stored.
INSERT INTO search_documents (kind, ref_id, user_id, conversation_id, title, at)
SELECT 'conversation', c.id, c.user_id, c.id, c.title, c.updated_at FROM conversations c;--> statement-breakpoint
INSERT INTO search_documents (kind, ref_id, message_id, user_id, conversation_id, body, at)
SELECT 'message', m.conversation_id, m.id, c.user_id, m.conversation_id, w.words, m.created_at
FROM chat_messages m JOIN conversations c ON c.id = m.conversation_id, LATERAL (SELECT search_message_text(m.parts) AS words) w
WHERE w.words <> '';--> statement-breakpoint
INSERT INTO search_documents (kind, ref_id, user_id, conversation_id, pack_id, title, body, context, at)
SELECT 'image', i.id, i.user_id, i.conversation_id, i.pack_id, search_scene_text(i.scene), concat_ws(' ', i.prompt, i.title, i.source_video ->> 'name'),
  coalesce(c.title || ' ' || c.user_words, ''), i.created_at
FROM images i LEFT JOIN conversations c ON c.id = i.conversation_id AND c.user_id = i.user_id
WHERE i.status = 'ready' AND (i.kind <> 'upload' OR i.source_video IS NOT NULL);--> statement-breakpoint
INSERT INTO search_documents (kind, ref_id, user_id, title, body, at)
SELECT 'persona', p.id, p.user_id, p.name, '@' || p.handle || ' ' || p.description, p.created_at FROM personas p;