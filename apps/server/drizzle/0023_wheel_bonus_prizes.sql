-- Wheel sectors whose prize is a bonus definition of the bonus engine (decision 0077): issued as a player
-- bonus keyed by the spin. No foreign key across module schemas (decision 0002).
ALTER TABLE "retention"."wheel_sectors" ADD COLUMN "bonus_id" uuid;
