import { describe, expect, it } from 'vitest';
import {
  contactlessPasswordProblems,
  cutHotelName,
  HOTEL_MESSAGES,
  hotelDefinitionInputSchema,
  hotelSaveSchema,
  missingPackages,
  pmsPackageInputSchema,
  rateCodeInputSchema,
  accessControlInputSchema,
} from './hotels';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.error?.issues ?? []).map((issue) => issue.message);

describe('room access (spec section 5)', () => {
  it('checks a contactless password live: exactly 12 characters, uppercase hexadecimal only', () => {
    expect(contactlessPasswordProblems('0123456789AB')).toEqual([]);
    expect(contactlessPasswordProblems('0123456789A')).toEqual([HOTEL_MESSAGES.passwordLength]);
    expect(contactlessPasswordProblems('0123456789ab')).toEqual([HOTEL_MESSAGES.passwordHex]);
    expect(contactlessPasswordProblems('xyz')).toEqual([HOTEL_MESSAGES.passwordLength, HOTEL_MESSAGES.passwordHex]);
    expect(HOTEL_MESSAGES.passwordLength).toBe('It must contain exactly 12 characters.');
    expect(HOTEL_MESSAGES.passwordHex).toBe('Only hexadecimal characters are allowed (0-9, A-F).');
  });

  it('is valid only with manual entry or card reading on', () => {
    expect(messagesOf(hotelDefinitionInputSchema.safeParse({ name: 'H' }))).toEqual([HOTEL_MESSAGES.roomAccessRequired]);
    expect(hotelDefinitionInputSchema.safeParse({ name: 'H', isManualRoomEntryEnabled: true }).success).toBe(true);
  });

  it('fixes the magnetic type to MICROS with a track, defaults sector 1 and key index 0, and keeps the password only with Enter Password', () => {
    const magnetic = hotelDefinitionInputSchema.parse({ name: 'H', isRoomCardReadingEnabled: true, magneticCardTrack: 3 });
    expect(magnetic).toMatchObject({ magneticCardType: 'MICROS', magneticCardTrack: 3, contactlessCardType: null });
    const indexed = hotelDefinitionInputSchema.parse({ name: 'H', isRoomCardReadingEnabled: true, contactlessCardType: 'MIFARE_CLASSIC' });
    expect(indexed).toMatchObject({ contactlessCardSector: 1, contactlessCardKeyId: 0, contactlessCardPassword: null });
    const password = hotelDefinitionInputSchema.parse({ name: 'H', isRoomCardReadingEnabled: true, contactlessCardType: 'MIFARE_CLASSIC', contactlessCardPassword: 'FFFFFFFFFFFF', contactlessCardKeyId: 5 });
    expect(password).toMatchObject({ contactlessCardPassword: 'FFFFFFFFFFFF', contactlessCardKeyId: null });
    // no card reading: no card kept at all
    const manual = hotelDefinitionInputSchema.parse({ name: 'H', isManualRoomEntryEnabled: true, magneticCardTrack: 1, contactlessCardType: 'MIFARE_CLASSIC' });
    expect(manual).toMatchObject({ magneticCardType: null, magneticCardTrack: null, contactlessCardType: null, contactlessCardSector: null, contactlessCardKeyId: null });
    expect(messagesOf(hotelDefinitionInputSchema.safeParse({ name: 'H', isRoomCardReadingEnabled: true, magneticCardTrack: 4 }))).toEqual([HOTEL_MESSAGES.trackRange]);
    expect(messagesOf(hotelDefinitionInputSchema.safeParse({ name: 'H', isRoomCardReadingEnabled: true, contactlessCardType: 'MIFARE_CLASSIC', contactlessCardSector: 17 }))).toEqual([HOTEL_MESSAGES.sectorRange]);
    expect(messagesOf(hotelDefinitionInputSchema.safeParse({ name: 'H', isRoomCardReadingEnabled: true, contactlessCardType: 'MIFARE_CLASSIC', contactlessCardKeyId: 16 }))).toEqual([HOTEL_MESSAGES.keyIndexRange]);
  });

  it('cuts a hotel definition name to 50 characters', () => {
    expect(cutHotelName(`  ${'a'.repeat(60)} `)).toBe('a'.repeat(50));
    expect(hotelDefinitionInputSchema.parse({ name: 'b'.repeat(70), isManualRoomEntryEnabled: true }).name).toHaveLength(50);
  });
});

describe('packages, rate codes and access services (spec sections 4 and 5)', () => {
  it('gives a new package the ADULT rule and asks for its ID', () => {
    expect(pmsPackageInputSchema.parse({ externalId: ' SPA ' })).toEqual({ externalId: 'SPA', calculationRule: 'ADULT' });
    expect(messagesOf(pmsPackageInputSchema.safeParse({ externalId: ' ' }))).toEqual([HOTEL_MESSAGES.packageIdRequired]);
    expect(messagesOf(pmsPackageInputSchema.safeParse({ externalId: 'X', calculationRule: 'TEEN' }))).toEqual([HOTEL_MESSAGES.calculationRuleRequired]);
  });

  it("asks a rate code for its ID and a package, in the spec's words", () => {
    expect(messagesOf(rateCodeInputSchema.safeParse({ name: '', packages: [] }))).toEqual(['* You must enter an ID', '* Select at least one package']);
  });

  it('asks an access service for its name', () => {
    expect(messagesOf(accessControlInputSchema.safeParse({ name: ' ' }))).toEqual(['Type an access control name']);
    expect(accessControlInputSchema.parse({ name: 'Spa' })).toEqual({ name: 'Spa', hotelsAndPackages: [], defaultHotelUuid: null, idMethods: [] });
  });

  it('finds the packages a rate code names that are gone', () => {
    expect(missingPackages(['a', 'b', 'c'], new Set(['b']))).toEqual(['a', 'c']);
  });

  it('takes an empty hotel save as nothing to change', () => {
    expect(hotelSaveSchema.parse({})).toEqual({
      hotelDefinition: null,
      packages: { newPackages: [], updatedPackages: [], deletedPackages: [] },
      rateCodes: { newRateCodes: [], updatedRateCodes: [], deletedRateCodes: [] },
      accessControls: { newAccessControl: [], updatedAccessControl: [], deletedAccessControl: [] },
    });
  });
});
