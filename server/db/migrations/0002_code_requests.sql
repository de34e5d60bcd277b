CREATE TABLE "code_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"address_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "code_requests_address_idx" ON "code_requests" USING btree ("address_hash","created_at");