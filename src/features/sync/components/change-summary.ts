/**
 * What a queued change carries, in the operator's words (its summary is stored with the outbox
 * entry when it is queued: src/domain/change-summary.ts): one line per set of items of a hotel save
 * ("1 package added: KIDS_SPA", "12 rate codes changed: BAR, RACK, CORP and 9 more"), and the fields
 * an edit changes by their form labels ("Changes: Host and Port").
 */
import type { ChangeSummary, SummaryItem } from '../../../domain/change-summary';
import { formatList, formatNumber, plural, t, type PluralKey } from '../../../i18n';
import { recordFieldLabel } from '../../../ui/record-labels';

/** A field of a record no form labels: its key in words ('calculationRule' → 'Calculation rule'). */
function keyInWords(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fieldLabel(collection: string | null, field: string): string {
  const label = recordFieldLabel(collection, field);
  return label === field ? keyInWords(field) : label;
}

function itemLine(item: SummaryItem): string {
  const what = plural(`outbox.summary.${item.list}.${item.change}` as PluralKey, item.count);
  if (item.names.length === 0) return what;
  const shown = item.names.join(', ');
  const rest = item.count - item.names.length;
  const names = rest > 0 ? t('outbox.summary.more', { names: shown, count: formatNumber(rest) }) : shown;
  return t('outbox.summary.named', { what, names });
}

/** The lines the Sync page shows under a change's label; none when it carries no summary. */
export function describeChangeSummary(collection: string | null, summary: ChangeSummary | null): string[] {
  if (summary === null) return [];
  const lines: string[] = [];
  if (summary.fields.length > 0) lines.push(t('outbox.summary.fields', { fields: formatList(summary.fields.map((field) => fieldLabel(collection, field))) }));
  for (const item of summary.items) lines.push(itemLine(item));
  return lines;
}
