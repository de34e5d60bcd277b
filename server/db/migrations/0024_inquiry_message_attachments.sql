ALTER TABLE "inquiry_messages" DROP CONSTRAINT "inquiry_messages_content_ck";--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD COLUMN "message_type" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD COLUMN "attachment_key" text;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD COLUMN "attachment_mime" text;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD COLUMN "attachment_size" integer;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD COLUMN "attachment_duration_ms" integer;--> statement-breakpoint
CREATE INDEX "inquiry_messages_sender_attachment_idx" ON "inquiry_messages" USING btree ("sender_user_id","created_at") WHERE "inquiry_messages"."attachment_key" is not null;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_type_ck" CHECK ("inquiry_messages"."message_type" in ('text', 'image', 'file', 'voice'));--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_attachment_ck" CHECK (("inquiry_messages"."message_type" = 'text') = ("inquiry_messages"."attachment_key" is null) and ("inquiry_messages"."attachment_key" is null or ("inquiry_messages"."attachment_mime" is not null and "inquiry_messages"."attachment_size" > 0 and "inquiry_messages"."sender_user_id" is not null)) and ("inquiry_messages"."message_type" = 'voice') = ("inquiry_messages"."attachment_duration_ms" is not null));--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_content_ck" CHECK (char_length("inquiry_messages"."message_content") <= 500 and ("inquiry_messages"."message_type" <> 'text' or char_length(btrim("inquiry_messages"."message_content")) >= 1));