import { t, type MessageKey } from '../i18n';

/** A catalogue prefix `p` with the keys `p.label.create`, `p.label.update` and `p.label.delete`. */
export type ChangeLabelPrefix = {
  [K in MessageKey]: K extends `${infer P}.label.create` ? (`${P}.label.update` | `${P}.label.delete` extends MessageKey ? P : never) : never;
}[MessageKey];

/**
 * What the Sync page reads for a resource's changes (a resource declaration's `labels`): the
 * catalogue's `prefix.label.create`, `.update` and `.delete`, filled with `params` of the form's
 * input or of the record removed.
 */
export function changeLabels<T>(prefix: ChangeLabelPrefix, params: (named: T) => Record<string, string>) {
  const say = (change: 'create' | 'update' | 'delete', named: T) => t(`${prefix}.label.${change}` as MessageKey, params(named));
  return { create: (input: T) => say('create', input), update: (input: T) => say('update', input), delete: (record: T) => say('delete', record) };
}
