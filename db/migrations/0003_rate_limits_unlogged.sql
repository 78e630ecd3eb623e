-- Rate-limit counters need no durability: an unlogged table skips the WAL and the fsync at commit
-- (docs/decisions/005-rate-limits-in-postgres.md). After a crash PostgreSQL empties it, which only resets limits.
ALTER TABLE "rate_limits" SET UNLOGGED;
