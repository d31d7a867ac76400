/**
 * The organization's PMS lists by path, apart from their resources' code: the hotel wizard's route
 * reads them ahead with nothing else loaded (hotel-wizard-prefetch.ts).
 */
export const pmsConnectionsListPath = (org: string) => `/organization/${org}/pms-connection`;
export const hotelDefinitionsListPath = (org: string) => `/organization/${org}/hotel-definition`;
