CREATE TABLE "transaction_day_totals" (
	"ou_uuid" uuid NOT NULL,
	"day" date NOT NULL,
	"payment_method_type" text NOT NULL,
	"payment_type" text NOT NULL,
	"currency" text NOT NULL,
	"count" integer NOT NULL,
	"total_minor" bigint NOT NULL,
	CONSTRAINT "transaction_day_totals_pk" PRIMARY KEY("ou_uuid","day","payment_method_type","payment_type","currency")
);
--> statement-breakpoint
CREATE TABLE "transaction_month_totals" (
	"ou_uuid" uuid NOT NULL,
	"month" date NOT NULL,
	"payment_method_type" text NOT NULL,
	"payment_type" text NOT NULL,
	"currency" text NOT NULL,
	"count" integer NOT NULL,
	"total_minor" bigint NOT NULL,
	CONSTRAINT "transaction_month_totals_pk" PRIMARY KEY("ou_uuid","month","payment_method_type","payment_type","currency")
);
--> statement-breakpoint
-- The rollups are kept by the database (docs/adr/0028): each statement on transactions adds the
-- aggregated deltas of its transition tables (new rows count +1 and +total, old rows -1 and -total)
-- to the day and month groups, then drops the groups whose count fell to 0. A group whose net delta
-- is nothing (an UPDATE of other columns) is not touched.
CREATE FUNCTION "transaction_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := CASE TG_OP
    WHEN 'INSERT' THEN 'select ou_uuid, occurred_at, payment_method_type, payment_type, currency, 1 as n, total_minor::bigint as amount from new_rows'
    WHEN 'DELETE' THEN 'select ou_uuid, occurred_at, payment_method_type, payment_type, currency, -1 as n, -total_minor::bigint as amount from old_rows'
    ELSE 'select ou_uuid, occurred_at, payment_method_type, payment_type, currency, 1 as n, total_minor::bigint as amount from new_rows'
      || ' union all select ou_uuid, occurred_at, payment_method_type, payment_type, currency, -1, -total_minor::bigint from old_rows'
  END;
BEGIN
  EXECUTE '
    with changed as (' || source || '),
    per_day as (
      select ou_uuid, (occurred_at at time zone ''UTC'')::date as day, payment_method_type, payment_type, currency, sum(n) as n, sum(amount) as amount
      from changed group by 1, 2, 3, 4, 5
      having sum(n) <> 0 or sum(amount) <> 0
    ),
    days as (
      insert into transaction_day_totals as t (ou_uuid, day, payment_method_type, payment_type, currency, count, total_minor)
      select ou_uuid, day, payment_method_type, payment_type, currency, n, amount from per_day
      on conflict (ou_uuid, day, payment_method_type, payment_type, currency)
      do update set count = t.count + excluded.count, total_minor = t.total_minor + excluded.total_minor
    )
    insert into transaction_month_totals as t (ou_uuid, month, payment_method_type, payment_type, currency, count, total_minor)
    select ou_uuid, date_trunc(''month'', day::timestamp)::date, payment_method_type, payment_type, currency, sum(n), sum(amount)
    from per_day group by 1, 2, 3, 4, 5
    on conflict (ou_uuid, month, payment_method_type, payment_type, currency)
    do update set count = t.count + excluded.count, total_minor = t.total_minor + excluded.total_minor';
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM transaction_day_totals WHERE count = 0 AND ou_uuid IN (SELECT DISTINCT ou_uuid FROM old_rows);
    DELETE FROM transaction_month_totals WHERE count = 0 AND ou_uuid IN (SELECT DISTINCT ou_uuid FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_totals_insert" AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transaction_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "transactions_totals_delete" AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "transaction_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "transactions_totals_update" AFTER UPDATE ON "transactions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transaction_totals_apply"();
--> statement-breakpoint
-- TRUNCATE fires no DELETE trigger: it empties the rollups with the rows
CREATE FUNCTION "transaction_totals_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE transaction_day_totals, transaction_month_totals;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_totals_truncate" AFTER TRUNCATE ON "transactions" FOR EACH STATEMENT EXECUTE FUNCTION "transaction_totals_truncate"();
--> statement-breakpoint
-- Both rollups made again from the rows in bulk: the history already there now, and a bulk load
-- that ran with the insert trigger disabled (server/db/seed-transactions.ts).
CREATE FUNCTION "transaction_totals_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM transaction_day_totals;
  DELETE FROM transaction_month_totals;
  INSERT INTO transaction_day_totals (ou_uuid, day, payment_method_type, payment_type, currency, count, total_minor)
  SELECT ou_uuid, (occurred_at AT TIME ZONE 'UTC')::date, payment_method_type, payment_type, currency, count(*), sum(total_minor)
  FROM transactions GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO transaction_month_totals (ou_uuid, month, payment_method_type, payment_type, currency, count, total_minor)
  SELECT ou_uuid, date_trunc('month', day::timestamp)::date, payment_method_type, payment_type, currency, sum(count), sum(total_minor)
  FROM transaction_day_totals GROUP BY 1, 2, 3, 4, 5;
$$;
--> statement-breakpoint
SELECT "transaction_totals_rebuild"();
