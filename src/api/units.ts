/**
 * An organization's units as the features that name or choose them need them (the devices and POS
 * screens), and which of them the signed-in user may set up. Read here rather than in a feature,
 * because features never import each other.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { canSetupOrganization, organizationDetailSchema, unitListResponseSchema, unitSetupRule, type Unit } from '../domain';
// by path (not re-exported from ./index, which they import)
import { parseAnswer, request, useSession } from './index';
import { useProfile } from './profile';
import { compareText } from '../domain/text-order';
import { effectiveUnitsPath, organizationDetailPath, organizationUnitsPath } from './read-paths';

export { effectiveUnitsPath, organizationUnitsPath } from './read-paths';

/**
 * GET /organization/{uuid}?inheritAttributes=TRUE: the organization, its own attributes and its
 * tree; what a new unit inherits at the top (the unit screens and the hotel create read it).
 */
export const organizationDetailQuery = (userUuid: string | null, org: string) => ({
  queryKey: ['organization', userUuid, org] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => parseAnswer(organizationDetailSchema, await request(organizationDetailPath(org), { signal })),
});

export function useOrganizationDetail(org: string | undefined) {
  const session = useSession();
  return useQuery({ ...organizationDetailQuery(session?.uuid ?? null, org ?? ''), enabled: session !== null && Boolean(org) });
}

/** GET /organization/{org}/ous?includeDescendants=TRUE: every unit of the organization the user sees, by name. */
export function useOrganizationUnits(org: string) {
  const session = useSession();
  return useQuery({
    queryKey: ['unit-list', session?.uuid ?? null, org] as const,
    queryFn: async ({ signal }) => parseAnswer(unitListResponseSchema, await request(organizationUnitsPath(org), { signal })).data,
    select: (units: Unit[]) => [...units].sort((a, b) => compareText(a.name, b.name) || a.uuid.localeCompare(b.uuid)),
    enabled: session !== null && org !== '',
  });
}

/** GET /organization/{org}/ous?includeDescendants=TRUE&inheritAttributes=TRUE, as the gateway orders it. */
export function useEffectiveUnits(org: string) {
  const session = useSession();
  return useQuery({
    queryKey: ['unit-list-effective', session?.uuid ?? null, org] as const,
    queryFn: async ({ signal }) => parseAnswer(unitListResponseSchema, await request(effectiveUnitsPath(org), { signal })).data,
    enabled: session !== null && org !== '',
  });
}

/**
 * What the user may set up in the organization (src/domain/permissions.ts): the whole organization
 * (false until known; `known` once the profile was read or could not be), and the units (null while
 * they are being read). The interface is shaped by it; the gateway decides again.
 */
export function useSetupRights(org: string): { known: boolean; organization: boolean; units: Unit[] | null; all: Unit[] | null; unitsRead: boolean } {
  const profile = useProfile();
  const units = useOrganizationUnits(org);
  return useMemo(() => {
    const all = units.data ?? null;
    // read, or not to be read (a failure): a list naming units waits for them no longer
    const unitsRead = !units.isPending;
    if (!profile.data) return { known: !profile.isPending, organization: false, units: null, all, unitsRead };
    const organization = canSetupOrganization(profile.data, org);
    if (!all) return { known: true, organization, units: null, all, unitsRead };
    const tree = { uuid: org, ous: all };
    const rule = unitSetupRule(profile.data, tree, [tree]);
    return { known: true, organization, units: all.filter((unit) => rule(unit.uuid)), all, unitsRead };
  }, [profile.data, profile.isPending, units.data, units.isPending, org]);
}
