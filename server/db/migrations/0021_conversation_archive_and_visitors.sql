ALTER TABLE "inquiry_conversations" DROP CONSTRAINT "inquiry_conversations_status_ck";--> statement-breakpoint
ALTER TABLE "inquiry_conversations" ADD COLUMN "coach_archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inquiry_conversations" ADD COLUMN "client_archived_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "inquiry_conversations_coach_visitor_uq" ON "inquiry_conversations" USING btree ("coach_id",lower("client_email")) WHERE "inquiry_conversations"."client_id" is null;--> statement-breakpoint
ALTER TABLE "inquiry_conversations" ADD CONSTRAINT "inquiry_conversations_visitor_ck" CHECK ("inquiry_conversations"."client_id" is not null or "inquiry_conversations"."client_email" is not null);