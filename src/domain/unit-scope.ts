/** Where a unit's records live on the app's side (a client resource's scope): the organization and the unit. */
export interface UnitScope {
  org: string;
  ou: string;
  [key: string]: string;
}

export const unitScopeOf = (org: string, ou: string): UnitScope => ({ org, ou });
