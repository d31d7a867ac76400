/** Files the gateway answers, handed to the browser as downloads (exports of transactions, a hotel's lists as CSV). */

/** The file name a Content-Disposition names (filename* first); null when it names none. */
export function dispositionFileName(disposition: string | null): string | null {
  const star = disposition?.match(/filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim().replace(/^"|"$/g, ''));
    } catch {
      // a broken encoding: the plain name below
    }
  }
  return disposition?.match(/filename\s*=\s*"?([^";]+)"?/i)?.[1]?.trim() || null;
}

/** Hands a file to the browser as a download (a blob link, clicked once). */
export function saveDownload(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
