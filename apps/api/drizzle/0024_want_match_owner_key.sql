-- Issue 16, matching's cost: a new match's want and owner are checked as one (want_id, user_id) key, one
-- foreign-key check per match instead of two, and the owner can no longer differ from the want's.
ALTER TABLE "wants" ADD CONSTRAINT "wants_id_user_key" UNIQUE("id","user_id");--> statement-breakpoint
ALTER TABLE "want_matches" DROP CONSTRAINT "want_matches_want_id_wants_id_fk";--> statement-breakpoint
ALTER TABLE "want_matches" DROP CONSTRAINT "want_matches_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "want_matches" ADD CONSTRAINT "want_matches_want_owner_fk" FOREIGN KEY ("want_id","user_id") REFERENCES "public"."wants"("id","user_id") ON DELETE cascade ON UPDATE no action;
