import { UnitCreateScreen } from '../components/unit-screens';

/**
 * /organization/:uuid/ous/revenueCenter/create?name&parentOuUuid: a new revenue center, placed under
 * a venue or a hotel (those still waiting to be sent included); when parentOuUuid is missing or names
 * no venue or hotel, the screen offers the ones it can sit under.
 */
export function RevenueCenterCreatePage() {
  return <UnitCreateScreen type="REVENUE_CENTER" />;
}
