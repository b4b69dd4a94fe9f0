ALTER TABLE "people" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_format" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;