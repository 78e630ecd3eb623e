ALTER TABLE "otp_codes" ADD COLUMN "requester" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" DROP CONSTRAINT "otp_codes_pkey";--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_email_requester_pk" PRIMARY KEY("email","requester");
