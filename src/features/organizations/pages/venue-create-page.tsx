import { UnitCreateScreen } from '../components/unit-screens';

/**
 * /organization/:uuid/ous/venue/create?name&parentOuUuid: the venue create wizard (spec section 2),
 * one step of regional information inherited from the parent; on submit the venue is queued and the
 * screen returns to the units.
 */
export function VenueCreatePage() {
  return <UnitCreateScreen type="VENUE" />;
}
