import { ApiError } from '../../../api/client';
import { type ExportFormat, type ExportRange, exportFileName, exportUrl } from '../lib/export-request';

/** Fetches the export (cookies sent) and hands it to the browser as a file; a refusal throws the server's message. */
export async function downloadExport(
  range: ExportRange,
  people: readonly string[],
  format: ExportFormat,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(exportUrl(range, people), {
      credentials: 'include',
      headers: { Accept: format === 'json' ? 'application/json' : 'text/csv' },
    });
  } catch {
    throw new ApiError(0, 'Network error');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? `Export failed with status ${response.status}`, body);
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = exportFileName(range, format);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
