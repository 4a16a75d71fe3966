-- Issue 29: the sellers away now, read once a second by the feed (accounts/away/away.ts awaySellerIds): a partial
-- index over the few users with a date, so that read is not a scan of every user.
CREATE INDEX "users_away_idx" ON "users" USING btree ("away_until") WHERE "users"."away_until" is not null;