CREATE TABLE "staff_sign_in_unknown_emails" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"failed_sign_ins" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone NOT NULL
);
