CREATE TABLE "reports" (
	"report_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"overall_score" integer,
	"report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reports_host_created_idx" ON "reports" USING btree ("host","created_at");