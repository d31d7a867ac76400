/** Parent scopes resources live under (server/resources/define-resource.ts). */
import { organizations } from '../db/schema';
import type { ParentScope } from './define-resource';

/** '/organization/:org/…': records of one organization. */
export const organizationScope: ParentScope = {
  param: 'org',
  description: 'Organization uuid',
  table: organizations,
  key: organizations.uuid,
  notFound: 'Organization not found',
  forbidden: "You don't have permissions to view this organization",
};
