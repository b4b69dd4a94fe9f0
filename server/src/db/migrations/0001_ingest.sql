CREATE TABLE "api_rate_limits" (
	"key_hash" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_rate_limits_key_hash_window_start_pk" PRIMARY KEY("key_hash","window_start")
);
