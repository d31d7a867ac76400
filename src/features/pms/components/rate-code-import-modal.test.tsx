import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connectivity, SESSION_STORAGE_KEY } from '../../../api';
import { PACKAGE_CSV_MESSAGES, RATE_CODE_CSV_MESSAGES } from '../../../domain';
import { jobs } from '../../../../worker/jobs';
import { gatewayError, json, makeSession } from '../../../../test/fake-gateway';
import { renderWithProviders } from '../../../../test/render';
import { discardEntry, listEntries } from '../../../offline';
import { RateCodeImportModal } from './rate-code-import-modal';

// the worker's own job, run here: the preview is the real one
const worker = vi.hoisted(() => ({ fail: false, calls: 0 }));
vi.mock('../../../offline/worker-jobs', () => ({
  previewCsvImportInWorker: async (kind: 'rate-codes' | 'packages', file: Blob, current: Parameters<typeof jobs.previewCsvImport>[2]) => {
    worker.calls += 1;
    if (worker.fail) throw new Error('The file could not be read');
    return jobs.previewCsvImport(kind, await file.arrayBuffer(), current);
  },
}));

const ORG = '00000000-0000-4000-8000-000000000001';
const HOTEL = '00000000-0000-4000-8000-0000000000b1';
const IMPORT_PATH = `/api/organization/${ORG}/hotel/${HOTEL}/pms-rate-code/import`;
// the hotel now: BB and HB; the valid file changes BB, adds RO and leaves HB out
const current = {
  packages: [{ externalId: 'BREAKFAST', calculationRule: 'ADULT' as const }, { externalId: 'SPA', calculationRule: 'ADULT' as const }, { externalId: 'ROOM_ONLY', calculationRule: 'PERSON' as const }],
  rateCodes: [
    { name: 'BB', packageExternalIds: ['BREAKFAST'] },
    { name: 'HB', packageExternalIds: ['BREAKFAST', 'SPA'] },
  ],
};

const valid = ['Rate Code,Package ID', 'BB,BREAKFAST', 'BB,SPA', 'RO,ROOM_ONLY', ''].join('\n');
const invalid = ['Rate Code,Package ID', 'BB,BREAKFAST', 'BB,GOLF', ',SPA', ''].join('\n');

interface Sent {
  url: string;
  method: string;
  file: File | null;
}

/** A gateway answering the import with `answer`; what was sent is recorded. */
function gateway(answer: () => Response | Promise<Response>) {
  const sent: Sent[] = [];
  globalThis.fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const body = init.body;
    sent.push({ url: String(input), method: init.method ?? 'GET', file: body instanceof FormData ? (body.get('file') as File | null) : null });
    return answer();
  }) as typeof fetch;
  return sent;
}

function setup(kind: 'rate-codes' | 'packages' = 'rate-codes') {
  const onImported = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<RateCodeImportModal opened kind={kind} onClose={onClose} target={{ org: ORG, hotel: HOTEL }} current={() => current} onImported={onImported} />);
  const dialog = screen.getByRole('dialog', { name: kind === 'packages' ? 'Import packages' : 'Import rate codes' });
  return { onImported, onClose, dialog, user: userEvent.setup({ applyAccept: false }) };
}

async function choose(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, file: File) {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, file);
}

const csv = (text: string, name = 'codes.csv') => new File([text], name, { type: 'text/csv' });
const uploadButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
const count = (dialog: HTMLElement, label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent));
/** Upload, then Import in the question: the file is sent only then. */
async function confirmUpload(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(uploadButton(dialog));
  await user.click(within(within(dialog).getByRole('group', { name: 'Apply this import?' })).getByRole('button', { name: 'Import' }));
}

beforeEach(() => {
  worker.fail = false;
  worker.calls = 0;
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
});
afterEach(() => connectivity.reportSuccess());

describe('RateCodeImportModal', () => {
  it('says that the import overrides every rate code, links where the packages are edited, and accepts .csv files only', async () => {
    const { dialog, user } = setup();
    expect(within(dialog).getByText(/The file becomes the rate codes of this hotel/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'edit them in Room packages' }).getAttribute('href')).toBe(`/organization/${ORG}/packages?ou=${HOTEL}`);
    expect(dialog.querySelector('input[type="file"]')?.getAttribute('accept')).toContain('.csv');
    await choose(user, dialog, new File(['Rate Code,Package ID\nBB,SPA'], 'codes.txt', { type: 'text/plain' }));
    expect(within(dialog).getByText('Only .csv files can be imported: choose a file whose name ends in .csv.')).toBeTruthy();
    expect(worker.calls).toBe(0);
    expect(uploadButton(dialog).disabled).toBe(true);
  });

  it('previews what a valid file will do (added, changed, removed, kept, the first of each), uploads it as the multipart field file and shows what the gateway says', async () => {
    const sent = gateway(() => json(200, { succeed: true, message: '2 rate codes imported with 3 packages: 1 added, 1 changed, 1 removed, 0 kept.', imported: 2 }));
    const { dialog, user, onImported } = setup();
    await choose(user, dialog, csv(valid));
    await within(dialog).findByText('The file can be imported.');
    expect([count(dialog, 'Added'), count(dialog, 'Changed'), count(dialog, 'Removed'), count(dialog, 'Kept'), count(dialog, 'Problems')]).toEqual(['1', '1', '1', '0', '0']);
    expect(cells(within(dialog).getByRole('table', { name: 'Added: the first 1 of 1' }))).toEqual([['RO', 'ROOM_ONLY']]);
    expect(cells(within(dialog).getByRole('table', { name: 'Changed: the first 1 of 1' }))).toEqual([['BB', 'BREAKFAST', 'BREAKFAST, SPA']]);
    expect(cells(within(dialog).getByRole('table', { name: 'Removed: the first 1 of 1' }))).toEqual([['HB', 'BREAKFAST, SPA']]);

    expect(uploadButton(dialog).disabled).toBe(false);
    await confirmUpload(user, dialog);
    expect(await within(dialog).findByText('2 rate codes imported with 3 packages: 1 added, 1 changed, 1 removed, 0 kept.')).toBeTruthy();
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe(IMPORT_PATH);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.file?.name).toBe('codes.csv');
  });

  it('asks, in numbers, before the file is sent; Back sends nothing, Import sends it; all by keyboard', async () => {
    const sent = gateway(() => json(200, { succeed: true, message: '2 rate codes imported.', imported: 2 }));
    const { dialog, user, onImported } = setup();
    await choose(user, dialog, csv(valid));
    await within(dialog).findByText('The file can be imported.');
    await user.click(uploadButton(dialog));
    const question = within(dialog).getByRole('group', { name: 'Apply this import?' });
    expect(question.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(question).getByText('This adds 1, changes 1 and removes 1; 0 stay as they are. This cannot be undone.')).toBeTruthy();
    // it opens on its safe answer; nothing was sent
    await waitFor(() => expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Back' })));
    expect(sent).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).queryByRole('group', { name: 'Apply this import?' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(uploadButton(dialog)));
    expect(sent).toHaveLength(0);
    await user.keyboard('{Enter}');
    await within(dialog).findByRole('group', { name: 'Apply this import?' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Back'));
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Import');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('2 rate codes imported.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('previews a package file, refusing by line a package the file leaves out while rate codes use it', async () => {
    const sent = gateway(() => json(200, { succeed: true, message: 'imported' }));
    const { dialog, user } = setup('packages');
    await choose(user, dialog, csv('Package ID,Calculation Rule\r\nBREAKFAST,PERSON\r\nROOM_ONLY,PERSON\r\nGOLF,\r\n', 'packages.csv'));
    await within(dialog).findByText('This file cannot be imported. Correct the problems below and choose the file again.');
    expect([count(dialog, 'Added'), count(dialog, 'Changed'), count(dialog, 'Removed'), count(dialog, 'Kept'), count(dialog, 'Problems')]).toEqual(['1', '1', '1', '1', '1']);
    const problems = within(dialog).getByRole('list', { name: 'Problems found' });
    expect(within(problems).getAllByRole('listitem').map((item) => item.textContent)).toEqual([PACKAGE_CSV_MESSAGES.inUse('SPA', ['HB'], 0)]);
    expect(uploadButton(dialog).disabled).toBe(true);
    expect(sent).toHaveLength(0);
  });

  it('lists every problem by line and offers no upload for an invalid file', async () => {
    const sent = gateway(() => json(200, { succeed: true, message: 'imported' }));
    const { dialog, user } = setup();
    await choose(user, dialog, csv(invalid));
    await within(dialog).findByText('This file cannot be imported. Correct the problems below and choose the file again.');
    expect(count(dialog, 'Problems')).toBe('2');
    const problems = within(dialog).getByRole('list', { name: 'Problems found' });
    expect(within(problems).getAllByRole('listitem').map((item) => item.textContent)).toEqual([RATE_CODE_CSV_MESSAGES.unknownPackage(3, 'GOLF'), RATE_CODE_CSV_MESSAGES.emptyCode(4)]);
    expect(uploadButton(dialog).disabled).toBe(true);
    await user.click(uploadButton(dialog));
    expect(sent).toHaveLength(0);
  });

  it('shows the gateway refusing the file, and does not report an import', async () => {
    gateway(() => json(200, { succeed: false, message: 'Line 2: package SPA is not loaded in the Packages page. (nothing was imported)' }));
    const { dialog, user, onImported } = setup();
    await choose(user, dialog, csv(valid));
    await within(dialog).findByText('The file can be imported.');
    await confirmUpload(user, dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The file was not imported');
    expect(alert.textContent).toContain('Line 2: package SPA is not loaded in the Packages page. (nothing was imported)');
    expect(onImported).not.toHaveBeenCalled();
  });

  it('says the upload failed, with the gateway message, when the request fails', async () => {
    gateway(() => gatewayError(400, 'validation', 'Only .csv files can be imported'));
    const { dialog, user, onImported } = setup();
    await choose(user, dialog, csv(valid));
    await within(dialog).findByText('The file can be imported.');
    await confirmUpload(user, dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('An error occurred while uploading the file');
    expect(alert.textContent).toContain('Only .csv files can be imported');
    expect(onImported).not.toHaveBeenCalled();
  });

  it('shows the progress text while uploading', async () => {
    let answer: (response: Response) => void = () => undefined;
    gateway(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { dialog, user } = setup();
    await choose(user, dialog, csv(valid));
    await within(dialog).findByText('The file can be imported.');
    await confirmUpload(user, dialog);
    expect(await within(dialog).findByText('Uploading file, please wait...')).toBeTruthy();
    answer(json(200, { succeed: true, message: 'done' }));
    await within(dialog).findByText('done');
    expect(within(dialog).queryByText('Uploading file, please wait...')).toBeNull();
  });

  it('says the file could not be read when the check fails', async () => {
    worker.fail = true;
    const { dialog, user } = setup();
    await choose(user, dialog, csv(valid));
    expect(await within(dialog).findByText('Error uploading the file')).toBeTruthy();
    expect(uploadButton(dialog).disabled).toBe(true);
  });

  it('offline, a confirmed import waits in the outbox with its file (nothing sent) and the modal says it will be applied when the connection returns', async () => {
    // out of reach all along: the connectivity watch's probes fail too, however long the steps take
    const sent = gateway(() => Promise.reject(new TypeError('Failed to fetch')));
    const { dialog, user, onImported } = setup();
    connectivity.reportFailure();
    await choose(user, dialog, csv(valid));
    await within(dialog).findByText('The file can be imported.');
    expect(within(dialog).getByText(/^The gateway cannot be reached\. You can still import/)).toBeTruthy();
    await confirmUpload(user, dialog);
    const queued = await within(dialog).findByRole('alert', { name: 'Import waiting for the connection' });
    expect(queued.textContent).toContain('The file is kept on this device and will be imported when the connection returns.');
    expect(within(queued).getByRole('link', { name: 'Open the Sync page' }).getAttribute('href')).toBe('/sync');
    expect(within(dialog).queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(sent.filter((call) => call.method !== 'GET')).toHaveLength(0);
    expect(onImported).not.toHaveBeenCalled();

    const entries = await listEntries(makeSession().uuid);
    const entry = entries.find((item) => item.path === IMPORT_PATH.replace('/api', ''));
    expect(entry).toMatchObject({
      method: 'POST',
      label: 'Import rate codes from codes.csv',
      recordUuid: HOTEL,
      orgUuid: ORG,
      body: null,
      summary: {
        items: [
          { list: 'rateCodes', change: 'added', count: 1, names: ['RO'] },
          { list: 'rateCodes', change: 'changed', count: 1, names: ['BB'] },
          { list: 'rateCodes', change: 'removed', count: 1, names: ['HB'] },
        ],
        fields: [],
      },
      file: { name: 'codes.csv', type: 'text/csv' },
    });
    expect(new TextDecoder().decode(entry?.file?.bytes)).toBe(valid);
    if (entry) await discardEntry(entry.seq);
  });

  it('offline, a package import waits in the outbox too, named by its file', async () => {
    const sent = gateway(() => Promise.reject(new TypeError('Failed to fetch')));
    const { dialog, user } = setup('packages');
    connectivity.reportFailure();
    await choose(user, dialog, csv('Package ID,Calculation Rule\nBREAKFAST,ADULT\nSPA,ADULT\nROOM_ONLY,PERSON\nGOLF,CHILDREN\n', 'packages.csv'));
    await within(dialog).findByText('The file can be imported.');
    await confirmUpload(user, dialog);
    await within(dialog).findByRole('alert', { name: 'Import waiting for the connection' });
    expect(sent.filter((call) => call.method !== 'GET')).toHaveLength(0);
    const entry = (await listEntries(makeSession().uuid)).find((item) => item.path.endsWith('/pms-package/import'));
    expect(entry).toMatchObject({ label: 'Import packages from packages.csv', recordUuid: HOTEL, summary: { items: [{ list: 'packages', change: 'added', count: 1, names: ['GOLF'] }] } });
    if (entry) await discardEntry(entry.seq);
  });
});
