/** The hotel a route under '/organization/:org/hotel/:hotel' is about, once the caller may set it up. */
import { and, eq } from 'drizzle-orm';
import { ERROR_CODES, HOTEL_MESSAGES, type Grants } from '../../src/domain/index';
import type { Executor } from '../db/client';
import { organizationalUnits } from '../db/schema';
import { HttpError, notFound } from '../http-error';
import { UUID } from '../resources/define-resource';
import { hotelScope } from '../resources/scopes';
import { maySetUpHotel } from './hotels';

/** 403 unless the caller may set up the organization or the hotel, then 404 unless it is a hotel of the organization. */
export async function findHotel(db: Executor, grants: Grants, org: string, hotel: string): Promise<{ orgUuid: string; hotelUuid: string }> {
  const orgUuid = org.toLowerCase();
  const hotelUuid = hotel.toLowerCase();
  if (!UUID.test(orgUuid) || !(await maySetUpHotel(grants, orgUuid, UUID.test(hotelUuid) ? hotelUuid : null, db))) throw HttpError.of(403, ERROR_CODES.forbidden, hotelScope.forbidden);
  if (!UUID.test(hotelUuid)) throw notFound(HOTEL_MESSAGES.hotelNotFound);
  const [found] = await db
    .select({ uuid: organizationalUnits.uuid, type: organizationalUnits.type })
    .from(organizationalUnits)
    .where(and(eq(organizationalUnits.uuid, hotelUuid), eq(organizationalUnits.orgUuid, orgUuid)));
  if (!found || found.type !== 'HOTEL') throw notFound(HOTEL_MESSAGES.hotelNotFound);
  return { orgUuid, hotelUuid };
}

/** Serializes the writes of one hotel's records (their checks read the hotel's other records). */
export async function lockHotel(tx: Executor, hotelUuid: string): Promise<void> {
  await tx.select({ uuid: organizationalUnits.uuid }).from(organizationalUnits).where(eq(organizationalUnits.uuid, hotelUuid)).for('no key update');
}
