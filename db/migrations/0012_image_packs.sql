ALTER TABLE "images" ADD COLUMN "pack_id" uuid;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "pack_variant" integer;--> statement-breakpoint
CREATE INDEX "images_pack_idx" ON "images" USING btree ("pack_id") WHERE "images"."pack_id" is not null;