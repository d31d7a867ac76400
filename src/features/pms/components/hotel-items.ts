/**
 * What the hotel wizard's step 3 sections edit (spec section 2 "Rate Codes section" and "Access
 * Control section"): local lists the wizard owns and saves in one hotel save. Packages are named
 * by localId (the uuid of a saved package), so a code or service may name packages created in the
 * same save.
 */
import type { AccessControlIdMethod } from '../../../domain';

/** A live package of this hotel (localId = uuid for saved ones). */
export interface PackageRef {
  localId: string;
  externalId: string;
}

export interface RateCodeItem {
  localId: string;
  uuid: string | null;
  name: string;
  /** package localIds */
  packages: string[];
  version?: number;
}

/** A hotel whose packages an access service may name. */
export interface HotelPackages {
  definitionUuid: string;
  name: string;
  packages: readonly PackageRef[];
  /** the hotel the wizard edits: always part of a service, listed first */
  current: boolean;
  /**
   * The hotel unit's uuid, which the gateway expects in an access service's defaultHotelUuid. When
   * absent, the definition uuid stands for the hotel there.
   */
  hotelUuid?: string;
}

export interface AccessServiceItem {
  localId: string;
  uuid: string | null;
  name: string;
  /** pmsPackageUuid: the localId for the current hotel's packages, the uuid for others */
  hotelsAndPackages: { hotelDefinitionUuid: string; pmsPackageUuid: string }[];
  defaultHotelUuid: string | null;
  idMethods: AccessControlIdMethod[];
  version?: number;
}

/** The value an access service's defaultHotelUuid holds for `hotel`. */
export const defaultHotelValueOf = (hotel: HotelPackages): string => hotel.hotelUuid ?? hotel.definitionUuid;

/** The hotel a defaultHotelUuid names, by unit uuid or definition uuid. */
export function hotelOfDefault(hotels: readonly HotelPackages[], value: string | null): HotelPackages | undefined {
  if (value === null) return undefined;
  return hotels.find((hotel) => hotel.hotelUuid === value || hotel.definitionUuid === value);
}
