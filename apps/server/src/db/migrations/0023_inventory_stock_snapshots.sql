CREATE TABLE "analytics_stock_snapshots" (
	"at" timestamp with time zone PRIMARY KEY NOT NULL,
	"total_products" integer NOT NULL,
	"low_stock_products" integer NOT NULL,
	"out_of_stock_products" integer NOT NULL,
	"total_value" numeric(16, 2) NOT NULL,
	"total_stock_units" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
