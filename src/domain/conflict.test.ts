import { describe, expect, it } from 'vitest';
import { conflictFields, resolveFields } from './conflict';

describe('conflict model', () => {
  const original = { uuid: 'u', version: 1, name: 'Opera', host: 'a.local', port: 5010 };
  const theirs = { uuid: 'u', version: 2, name: 'Opera', host: 'b.local', port: 6000 };
  const mine = { name: 'Opera Main', host: 'a.local', port: 7000 };

  it('proposes mine where I changed a field and theirs elsewhere, and marks fields both changed', () => {
    const fields = conflictFields(mine, theirs, original);
    expect(fields.map((f) => [f.field, f.proposed, f.contested])).toEqual([
      ['name', 'mine', false],
      ['host', 'theirs', false],
      ['port', 'mine', true],
    ]);
  });

  it('builds the body from the chosen sides', () => {
    const fields = conflictFields(mine, theirs, original);
    expect(resolveFields(fields, {}, mine)).toEqual({ name: 'Opera Main', host: 'b.local', port: 7000 });
    expect(resolveFields(fields, { port: 'theirs', name: 'original' }, mine)).toEqual({ name: 'Opera', host: 'b.local', port: 6000 });
  });
});
