DROP INDEX "images_user_created_idx";--> statement-breakpoint
CREATE INDEX "images_user_created_id_idx" ON "images" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "images_user_kind_idx" ON "images" USING btree ("user_id","kind");