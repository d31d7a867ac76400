import { useParams } from 'react-router-dom';
import { UnitEditScreen } from '../components/unit-screens';

/** /organization/:uuid/ous/venue/:venueUuid: the venue edit screen (spec section 2). */
export function VenueEditPage() {
  const { venueUuid = '' } = useParams();
  return <UnitEditScreen type="VENUE" unitUuid={venueUuid} />;
}
