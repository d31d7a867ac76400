import { useParams } from 'react-router-dom';
import { UnitEditScreen } from '../components/unit-screens';

/**
 * /organization/:uuid/ous/revenueCenter/:revenueCenterUuid (the route parameter may also be named
 * ouUuid): the venue edit screen for a revenue center; after its settings are saved the screen
 * returns to the units (spec section 4).
 */
export function RevenueCenterEditPage() {
  const { revenueCenterUuid, ouUuid } = useParams();
  return <UnitEditScreen type="REVENUE_CENTER" unitUuid={revenueCenterUuid ?? ouUuid ?? ''} />;
}
