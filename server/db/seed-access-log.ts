/**
 * The demo access log (issue 18): entries of the last 90 days on the access-control services of an
 * organization's hotels, generated inside the database by one set-based INSERT … SELECT over
 * generate_series (no row goes through the gateway), so 20,000 entries cost a first start well
 * under a second.
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
  // r(k): the k-th 32-bit slice (0..3) of md5(i), an integer from 0 to 4294967295
  const r = (k: number) => sql.raw(`('x' || substr(draw.h, ${k * 8 + 1}, 8))::bit(32)::bigint`);
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
             (row_number() over (order by s.hotel_uuid, s.name, s.uuid) - 1)::int as n,
             (count(*) over ())::int as total
        from access_control_services s
        join organizational_units hotel on hotel.uuid = s.hotel_uuid and hotel.type = 'HOTEL'
       where s.org_uuid = ${orgUuid}
    ),
    draw as (
      select g.i, md5(g.i::text) as h from generate_series(0, ${count}::int - 1) as g(i)
    )
    insert into access_log_entries (org_uuid, hotel_uuid, service_uuid, service_name, occurred_at, room, identification_method, granted, device_alias)
    select s.org_uuid,
           s.hotel_uuid,
           s.uuid,
           s.name,
           date_trunc('second', now() - make_interval(secs => (${r(0)} % (${DEMO_ACCESS_LOG_DAYS}::bigint * 86400))::double precision)),
           ((1 + ${r(1)} % 5) * 100 + 1 + (${r(1)} / 5) % 12)::text,
           (array['Insert', 'MSR', 'Contactless'])[1 + ${r(2)} % 3],
           ${r(3)} % 100 >= ${DEMO_ACCESS_LOG_DENIED_PERCENT},
           case when hd.aliases is null or (${r(2)} / 3) % 4 = 0 then null
                else hd.aliases[1 + ((${r(3)} / 100) % cardinality(hd.aliases))::int] end
      from draw
      join services s on s.n = draw.i % s.total
      left join hotel_devices hd on hd.hotel_uuid = s.hotel_uuid
  `);
}
