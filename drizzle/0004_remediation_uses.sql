CREATE TABLE "remediation_uses" (
	"report_id" text PRIMARY KEY NOT NULL,
	"uses" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
