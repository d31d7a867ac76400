import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_STORAGE_KEY } from '../../../api';
import { gatewayError, makeSession } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders } from '../../../../test/render';
import { ExportDownloadPage, fileNameOf } from './export-download-page';

const JOB = '00000000-0000-4000-8000-0000000000e1';
const render = () => renderWithProviders(<ExportDownloadPage />, { url: `/exports/${JOB}`, path: '/exports/:jobUuid' });

function gatewayAnswering(...answers: (() => Response)[]) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
  let next = 0;
  return fakeGateway(() => (answers[Math.min(next++, answers.length - 1)] as () => Response)());
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ExportDownloadPage', () => {
  it('fetches the file with the session and saves it under the gateway name', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => (created.push(blob), 'blob:export');
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const gateway = gatewayAnswering(() => new Response('a,b\r\n1,2\r\n', { status: 200, headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="transactions-2026-11.csv"' } }));
    render();
    expect(await screen.findByText('Your download of transactions-2026-11.csv has started.')).toBeTruthy();
    expect(gateway.calls[0]?.path).toBe(`/reporting/v1/reporting/exports/${JOB}/download`);
    expect(gateway.calls[0]?.headers.Authorization).toMatch(/^Bearer /);
    expect(click).toHaveBeenCalledTimes(1);
    expect(await created[0]?.text()).toBe('a,b\r\n1,2\r\n');
  });

  it('says a file not ready yet is being prepared, and tries again on request', async () => {
    gatewayAnswering(() => gatewayError(409, 'not_ready', 'not ready'), () => gatewayError(410, 'expired', 'expired'));
    render();
    expect(await screen.findByText('This export is still being prepared. Try again in a moment.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/This export link has expired/)).toBeTruthy();
  });

  it('says a forbidden export is not the user’s to download', async () => {
    gatewayAnswering(() => gatewayError(403, 'forbidden', 'no'));
    render();
    expect(await screen.findByText('You do not have permission to download this export.')).toBeTruthy();
  });

  it('reads the file name from Content-Disposition', () => {
    expect(fileNameOf(`attachment; filename*=UTF-8''caf%C3%A9.csv`, JOB)).toBe('café.csv');
    expect(fileNameOf('attachment; filename=plain.csv', JOB)).toBe('plain.csv');
    expect(fileNameOf(null, JOB)).toBe(`transactions-${JOB}.csv`);
  });
});
