/**
 * The demo access log (issue 18): entries of the last 90 days on the access-control services of an
 * organization's hotels, generated inside the database by one set-based INSERT … SELECT over
 * generate_series (no row goes through the gateway). 20,000 entries take a second or two on
 * PostgreSQL and a few on PGlite, where the per-row foreign-key checks and the four indexes are most
 * of the time (measured on a loaded 2-core machine; not asserted anywhere).
 *
 * Each entry's values come from the md5 of its sequence number, so a seed with the same count
 * writes the same mix every time (only the times move with now()):
 * - the services take turns (entry i goes to service i mod n), so every service of every hotel has
 *   its share;
 * - the identification method is Insert, MSR or Contactless (a third each);
 * - about 8 % are denied;
 * - rooms 101 to 512 (floors 1 to 5, 12 rooms a floor);
 * - the device is one placed on the hotel or a unit below it, or none for about a quarter (and
 *   always none for a hotel without devices).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from './client';

/** Entries the demo seed writes unless LOBBY_DEMO_ACCESS_LOG says otherwise. */
export const DEMO_ACCESS_LOG_DEFAULT = 20_000;
export const DEMO_ACCESS_LOG_DAYS = 90;
/** Denied entries, in hundredths of the whole (the md5 draw is uniform). */
export const DEMO_ACCESS_LOG_DENIED_PERCENT = 8;

/** Writes `count` demo entries over the access-control services of the organization's hotels. */
export async function seedDemoAccessLog(executor: Executor, orgUuid: string, count: number): Promise<void> {
  if (count <= 0) return;
  // draw.r1 … draw.r3: 32-bit slices of md5(i), integers from 0 to 4294967295 (the first slice makes seconds_ago)
  const r = (k: number) => sql.raw(`draw.r${k}`);
  await executor.execute(sql`
    with recursive hotel_units as (
      select ou.uuid as hotel_uuid, ou.uuid as unit_uuid
        from organizational_units ou
       where ou.org_uuid = ${orgUuid} and ou.type = 'HOTEL'
      union all
      select hu.hotel_uuid, child.uuid
        from hotel_units hu
        join organizational_units child on child.parent_uuid = hu.unit_uuid and child.type <> 'HOTEL'
    ),
    hotel_devices as (
      select hu.hotel_uuid, array_agg(distinct d.alias) as aliases
        from hotel_units hu
        join device_units du on du.ou_uuid = hu.unit_uuid
        join devices d on d.uuid = du.device_uuid
       group by hu.hotel_uuid
    ),
    services as (
      select s.uuid, s.org_uuid, s.hotel_uuid, s.name,
             (row_number() over (order by s.hotel_uuid, s.name, s.uuid) - 1)::int as n
        from access_control_services s
        join organizational_units hotel on hotel.uuid = s.hotel_uuid and hotel.type = 'HOTEL'
       where s.org_uuid = ${orgUuid}
    ),
    hashed as (
      select g.i, md5(g.i::text) as h from generate_series(0, ${count}::int - 1) as g(i)
    ),
    draw as (
      select i,
             (i % (select count(*) from services))::int as service_n,
             ('x' || substr(h, 1, 8))::bit(32)::bigint % (${DEMO_ACCESS_LOG_DAYS}::bigint * 86400) as seconds_ago,
             ('x' || substr(h, 9, 8))::bit(32)::bigint as r1,
             ('x' || substr(h, 17, 8))::bit(32)::bigint as r2,
             ('x' || substr(h, 25, 8))::bit(32)::bigint as r3
        from hashed
    )
    insert into access_log_entries (org_uuid, hotel_uuid, service_uuid, service_name, occurred_at, room, identification_method, granted, device_alias)
    select s.org_uuid,
           s.hotel_uuid,
           s.uuid,
           s.name,
           date_trunc('second', now()) - make_interval(secs => draw.seconds_ago::double precision),
           ((1 + ${r(1)} % 5) * 100 + 1 + (${r(1)} / 5) % 12)::text,
           (array['Insert', 'MSR', 'Contactless'])[1 + ${r(2)} % 3],
           ${r(3)} % 100 >= ${DEMO_ACCESS_LOG_DENIED_PERCENT},
           case when hd.aliases is null or (${r(2)} / 3) % 4 = 0 then null
                else hd.aliases[1 + ((${r(3)} / 100) % cardinality(hd.aliases))::int] end
      from draw
      join services s on s.n = draw.service_n
      left join hotel_devices hd on hd.hotel_uuid = s.hotel_uuid
     -- written in the order the log is read (a hotel's entries, newest first): compact index and heap pages
     order by s.hotel_uuid, draw.seconds_ago
  `);
}
