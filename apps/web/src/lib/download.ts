import { type Endpoint, endpointPath } from '@seamline/shared';
import { ApiError, refreshSession } from './api-client';
import { storedAccessToken } from './session';

/**
 * Downloads a file endpoint (CSV exports, the import template) with the session's token and saves it under
 * `fileName`. No time limit: a large export streams for as long as it takes. A 401 renews the session once.
 */
export async function downloadFile(
  contract: Endpoint,
  query: Record<string, unknown>,
  fileName: string,
  params: Record<string, string> = {},
) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const url = `/api${endpointPath(contract, params)}${search.size ? `?${search}` : ''}`;
  const get = () => fetch(url, { headers: { Authorization: `Bearer ${storedAccessToken() ?? ''}` } });
  let response = await get();
  if (response.status === 401 && (await refreshSession())) response = await get();
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new ApiError(body?.message ?? 'The download failed', response.status, body?.code ?? 'DOWNLOAD_FAILED');
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
