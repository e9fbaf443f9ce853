ALTER TABLE "users" ADD COLUMN "auth_rev" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What a session may do in a company (platform/session.ts) is cached per process under users.auth_rev: every change of
-- a membership, of a member's grants or of a company's name or type raises it, in the same transaction as the change.
CREATE FUNCTION "auth_rev_of_member"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "users" SET "auth_rev" = "auth_rev" + 1 WHERE "id" = OLD."user_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
    UPDATE "users" SET "auth_rev" = "auth_rev" + 1 WHERE "id" = NEW."user_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "company_members_auth_rev" AFTER INSERT OR UPDATE OR DELETE ON "company_members" FOR EACH ROW EXECUTE FUNCTION "auth_rev_of_member"();--> statement-breakpoint
CREATE FUNCTION "auth_rev_of_grant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "auth_rev" = "auth_rev" + 1 WHERE "id" IN (
    SELECT "user_id" FROM "company_members"
    WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."member_id" ELSE NEW."member_id" END
       OR (TG_OP = 'UPDATE' AND "id" = OLD."member_id"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_menus_auth_rev" AFTER INSERT OR UPDATE OR DELETE ON "member_menus" FOR EACH ROW EXECUTE FUNCTION "auth_rev_of_grant"();--> statement-breakpoint
CREATE FUNCTION "auth_rev_of_company"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "auth_rev" = "auth_rev" + 1 WHERE "id" IN (SELECT "user_id" FROM "company_members" WHERE "company_id" = NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "companies_auth_rev" AFTER UPDATE OF "name", "type" ON "companies" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."type" IS DISTINCT FROM NEW."type") EXECUTE FUNCTION "auth_rev_of_company"();
