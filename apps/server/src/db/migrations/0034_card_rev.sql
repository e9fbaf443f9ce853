ALTER TABLE "users" ADD COLUMN "card_rev" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The account card (GET /index/info, modules/company/index.repo.ts) is kept per process under users.card_rev: every
-- change of what the card reads raises it, in the same transaction as the change. Any update of a user's row raises it
-- (BEFORE UPDATE: one write, not two); the other tables raise it for the users they concern (a company's: its members
-- now, on company_members_user_uq; a member removed had their own row's change raise it).
CREATE FUNCTION "card_rev_of_user_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."card_rev" = OLD."card_rev" THEN
    NEW."card_rev" := OLD."card_rev" + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_card_rev" BEFORE UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION "card_rev_of_user_row"();--> statement-breakpoint
CREATE FUNCTION "card_rev_of_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "users" SET "card_rev" = "card_rev" + 1 WHERE "id" = OLD."user_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
    UPDATE "users" SET "card_rev" = "card_rev" + 1 WHERE "id" = NEW."user_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "membership_card_rev" AFTER INSERT OR UPDATE OR DELETE ON "membership" FOR EACH ROW EXECUTE FUNCTION "card_rev_of_user"();--> statement-breakpoint
CREATE TRIGGER "person_auths_card_rev" AFTER INSERT OR UPDATE OR DELETE ON "person_auths" FOR EACH ROW EXECUTE FUNCTION "card_rev_of_user"();--> statement-breakpoint
CREATE TRIGGER "company_members_card_rev" AFTER INSERT OR UPDATE OR DELETE ON "company_members" FOR EACH ROW EXECUTE FUNCTION "card_rev_of_user"();--> statement-breakpoint
CREATE FUNCTION "card_rev_of_company"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "card_rev" = "card_rev" + 1 WHERE "id" IN (
    SELECT "user_id" FROM "company_members" WHERE "company_id" = NEW."id" AND "deleted_at" IS NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "companies_card_rev" AFTER UPDATE ON "companies" FOR EACH ROW EXECUTE FUNCTION "card_rev_of_company"();--> statement-breakpoint
CREATE FUNCTION "card_rev_of_company_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "card_rev" = "card_rev" + 1 WHERE "id" IN (
    SELECT "user_id" FROM "company_members" WHERE "deleted_at" IS NULL AND (
      "company_id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."company_id" ELSE NEW."company_id" END
      OR (TG_OP = 'UPDATE' AND "company_id" = OLD."company_id")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "company_auths_card_rev" AFTER INSERT OR UPDATE OR DELETE ON "company_auths" FOR EACH ROW EXECUTE FUNCTION "card_rev_of_company_row"();--> statement-breakpoint
CREATE TRIGGER "advanced_auths_card_rev" AFTER INSERT OR UPDATE OR DELETE ON "advanced_auths" FOR EACH ROW EXECUTE FUNCTION "card_rev_of_company_row"();
