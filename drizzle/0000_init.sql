CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"route" text NOT NULL,
	"method" text NOT NULL,
	"amount" text NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"payer" text,
	"tx_hash" text NOT NULL,
	"costs" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"route" text NOT NULL,
	"method" text NOT NULL,
	"status" integer NOT NULL,
	"code" text,
	"duration_ms" integer NOT NULL,
	"settled_amount" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payments_tx_hash_idx" ON "payments" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "request_log_expires_at_idx" ON "request_log" USING btree ("expires_at");