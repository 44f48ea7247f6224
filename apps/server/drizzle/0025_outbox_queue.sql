-- The outbox is a queue, not an archive (decision 0087): the dispatcher deletes what it delivered, so the
-- table holds only what waits. Rows delivered before this release go now; the partial index on undelivered
-- rows and the delivery stamp have nothing left to say.
DELETE FROM "outbox"."events" WHERE "published_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX "outbox"."events_unpublished_idx";--> statement-breakpoint
ALTER TABLE "outbox"."events" DROP COLUMN "published_at";
