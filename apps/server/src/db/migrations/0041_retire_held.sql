-- Retires the per-page holding of issue 26: the triggers that raised users.auth_rev and users.card_rev (migrations
-- 0025, 0034), touched an order's row from its own rows (0037), and raised market_epoch (0038) and list_epoch (0039).
-- Every request now reads its session, membership and page afresh, each in one statement on an index.
DROP TRIGGER IF EXISTS "companies_auth_rev" ON "companies";--> statement-breakpoint
DROP TRIGGER IF EXISTS "company_members_auth_rev" ON "company_members";--> statement-breakpoint
DROP TRIGGER IF EXISTS "member_menus_auth_rev" ON "member_menus";--> statement-breakpoint
DROP FUNCTION IF EXISTS "auth_rev_of_member"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "auth_rev_of_grant"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "auth_rev_of_company"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_card_rev" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "membership_card_rev" ON "membership";--> statement-breakpoint
DROP TRIGGER IF EXISTS "person_auths_card_rev" ON "person_auths";--> statement-breakpoint
DROP TRIGGER IF EXISTS "company_members_card_rev" ON "company_members";--> statement-breakpoint
DROP TRIGGER IF EXISTS "companies_card_rev" ON "companies";--> statement-breakpoint
DROP TRIGGER IF EXISTS "company_auths_card_rev" ON "company_auths";--> statement-breakpoint
DROP TRIGGER IF EXISTS "advanced_auths_card_rev" ON "advanced_auths";--> statement-breakpoint
DROP FUNCTION IF EXISTS "card_rev_of_user_row"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "card_rev_of_user"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "card_rev_of_company"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "card_rev_of_company_row"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "rental_order_lines_touch" ON "rental_order_lines";--> statement-breakpoint
DROP TRIGGER IF EXISTS "order_contracts_touch" ON "order_contracts";--> statement-breakpoint
DROP TRIGGER IF EXISTS "order_payments_touch" ON "order_payments";--> statement-breakpoint
DROP TRIGGER IF EXISTS "payment_financings_touch" ON "payment_financings";--> statement-breakpoint
DROP TRIGGER IF EXISTS "order_settlements_touch" ON "order_settlements";--> statement-breakpoint
DROP TRIGGER IF EXISTS "settle_invoices_touch" ON "settle_invoices";--> statement-breakpoint
DROP TRIGGER IF EXISTS "order_machines_touch" ON "order_machines";--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_events_touch_insert" ON "audit_events";--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_events_touch_update" ON "audit_events";--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_events_touch_delete" ON "audit_events";--> statement-breakpoint
DROP FUNCTION IF EXISTS "order_touch"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "order_touch_by_settle"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "order_touch_by_event"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "market_listings_epoch" ON "market_listings";--> statement-breakpoint
DROP TRIGGER IF EXISTS "market_pairs_epoch" ON "market_pairs";--> statement-breakpoint
DROP TRIGGER IF EXISTS "market_cards_epoch" ON "market_cards";--> statement-breakpoint
DROP TRIGGER IF EXISTS "market_listings_epoch_truncate" ON "market_listings";--> statement-breakpoint
DROP TRIGGER IF EXISTS "market_pairs_epoch_truncate" ON "market_pairs";--> statement-breakpoint
DROP TRIGGER IF EXISTS "market_cards_epoch_truncate" ON "market_cards";--> statement-breakpoint
DROP FUNCTION IF EXISTS "market_epoch_raise"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "market_epoch_raise_now"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "rental_orders_list_note" ON "rental_orders";--> statement-breakpoint
DROP TRIGGER IF EXISTS "rental_orders_list_flush" ON "rental_orders";--> statement-breakpoint
DROP TRIGGER IF EXISTS "rental_orders_list_truncate" ON "rental_orders";--> statement-breakpoint
DROP FUNCTION IF EXISTS "rental_orders_list_note"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "list_epoch_flush"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "rental_orders_list_raise_all"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "list_epoch_note"(text, integer[]);--> statement-breakpoint
DROP TABLE "market_epoch" CASCADE;--> statement-breakpoint
DROP TABLE "list_epoch" CASCADE;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "auth_rev";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "card_rev";