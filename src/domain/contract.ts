/**
 * A customer contract of an organization (spec section 2, /organization/{uuid}/contract; section 7,
 * /organization/{uuid}/contract[/{id}]). The spec names the screen and the calls only; the fields
 * are what an operator keeps of a contract: its reference, when it runs, the plan, its status and
 * notes. Dates travel as ISO days (YYYY-MM-DD); the form types them with the DD/MM/YYYY mask.
 */
import { z } from 'zod';
import { NIL_UUID } from './pms-connection';

export const CONTRACT_KIND = 'contract';

export const CONTRACT_STATUSES = ['DRAFT', 'ACTIVE', 'SUSPENDED', 'ENDED'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = { DRAFT: 'Draft', ACTIVE: 'Active', SUSPENDED: 'Suspended', ENDED: 'Ended' };

export const CONTRACT_LIMITS = { reference: 50, plan: 100, notes: 2000 } as const;

export const CONTRACT_MESSAGES = {
  referenceRequired: 'Reference is required',
  referenceTooLong: `Reference can have at most ${CONTRACT_LIMITS.reference} characters`,
  referenceTaken: 'Another contract of this organization already has this reference',
  startDate: 'Enter the start date as DD/MM/YYYY',
  endDate: 'Enter the end date as DD/MM/YYYY, or leave it empty',
  endBeforeStart: 'The end date cannot be before the start date',
  plan: `Plan can have at most ${CONTRACT_LIMITS.plan} characters`,
  status: 'Select a status',
  notes: `Notes can have at most ${CONTRACT_LIMITS.notes} characters`,
  nilUuid: 'The nil uuid cannot identify a contract: send another uuid, or none',
  notFound: 'Contract not found',
  uuidTaken: 'This uuid cannot be used. Create the contract with a new uuid.',
} as const;

/** Whether `value` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isoDay = (message: string) => z.string({ error: message }).refine(isIsoDay, message);

const contractFields = z.object({
  reference: z
    .string({ error: CONTRACT_MESSAGES.referenceRequired })
    .trim()
    .min(1, CONTRACT_MESSAGES.referenceRequired)
    .max(CONTRACT_LIMITS.reference, CONTRACT_MESSAGES.referenceTooLong),
  startDate: isoDay(CONTRACT_MESSAGES.startDate),
  endDate: isoDay(CONTRACT_MESSAGES.endDate).nullable(),
  plan: z.string().trim().max(CONTRACT_LIMITS.plan, CONTRACT_MESSAGES.plan),
  status: z.enum(CONTRACT_STATUSES, { error: CONTRACT_MESSAGES.status }),
  notes: z.string().max(CONTRACT_LIMITS.notes, CONTRACT_MESSAGES.notes),
});

function endNotBeforeStart(contract: { startDate: string; endDate: string | null }, ctx: z.RefinementCtx): void {
  // ISO days compare as strings
  if (contract.endDate !== null && contract.endDate < contract.startDate) {
    ctx.addIssue({ code: 'custom', message: CONTRACT_MESSAGES.endBeforeStart, path: ['endDate'] });
  }
}

export const contractInputSchema = contractFields.superRefine(endNotBeforeStart);
export type ContractInput = z.infer<typeof contractInputSchema>;

export const contractCreateSchema = contractFields
  .extend({
    uuid: z
      .string()
      .uuid()
      .toLowerCase()
      .refine((value) => value !== NIL_UUID, CONTRACT_MESSAGES.nilUuid)
      .optional(),
  })
  .superRefine(endNotBeforeStart);
export type ContractCreate = z.infer<typeof contractCreateSchema>;

export const contractSchema = z.object({
  uuid: z.string().uuid(),
  orgUuid: z.string().uuid(),
  reference: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  plan: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  notes: z.string(),
  version: z.number().int(),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractListResponseSchema = z.object({ data: z.array(contractSchema) });

/** A reference as the uniqueness rule compares it: trimmed, case ignored. */
export function contractReferenceKey(reference: string): string {
  return reference.trim().toLocaleLowerCase('en');
}
