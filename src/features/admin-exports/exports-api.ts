// Calls of /api/admin/exports: the summary, and archive downloads read as a stream so the page can show
// progress (the server announces the size). Large archives go straight to a file where the browser lets the
// page write one (File System Access); elsewhere they are gathered into a Blob and saved.
import { exportSummarySchema } from '../../../core/api/exports.ts';
import { adminExports } from '../../../core/i18n/messages/admin.ts';
import { formatNumber, t } from '../../i18n/i18n.tsx';
import { absoluteApiBase } from '../../offline/sw-protocol.ts';
import { ApiError, api, CLIENT_ERROR_CODES, ERROR_TEXTS, requestJson } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';
import { authStore } from '../../lib/auth-store.ts';

export const exportsApi = {
  summary: () => requestJson(exportSummarySchema, () => api.get('admin/exports')),
};

export interface DownloadProgress {
  received: number;
  /** From Content-Length; null when the server did not say. */
  total: number | null;
}

/** The parts of the File System Access API used here (Chromium); absent elsewhere. */
interface WritableFile {
  write(data: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}
type SaveFilePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable(): Promise<WritableFile> }>;

/** Asks where to save, when the browser can write a file as it arrives; null: gather in memory instead. */
async function pickFile(fileName: string): Promise<WritableFile | null> {
  const picker = (window as unknown as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  if (!picker) return null;
  const handle = await picker.call(window, {
    suggestedName: fileName,
    types: [{ description: t(adminExports.zipArchive), accept: { 'application/zip': ['.zip'] } }],
  });
  return handle.createWritable();
}

export class DownloadCancelled extends Error {}

export const megabytes = (bytes: number) =>
  t(adminExports.megabytes, { value: formatNumber(bytes / 1_000_000, { maximumFractionDigits: 1 }) });

export function sizeText({ received, total }: DownloadProgress): string {
  return total
    ? t(adminExports.sizeOf, { received: megabytes(received), total: megabytes(total) })
    : megabytes(received);
}

/**
 * Downloads `path` (below /api) with the bearer token and saves it as `fileName`. Must start from a click: the
 * save dialog, where there is one, opens first. Rejects with ApiError (server refusals, network, interrupted
 * downloads) or DownloadCancelled.
 */
export async function downloadArchive(
  path: string,
  fileName: string,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: DownloadProgress) => void },
): Promise<{ bytes: number }> {
  let file: WritableFile | null;
  try {
    file = await pickFile(fileName);
  } catch (error) {
    // The save dialog was closed without a choice.
    if ((error as Error).name === 'AbortError') throw new DownloadCancelled(t(adminExports.cancelled));
    throw error;
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  let total: number | null = null;
  try {
    let response: Response;
    try {
      const token = authStore.getToken();
      response = await fetch(`${absoluteApiBase(window.location.href)}/${path}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw new DownloadCancelled(t(adminExports.cancelled));
      throw new ApiError(ERROR_TEXTS.network, null, CLIENT_ERROR_CODES.network, error);
    }
    if (!response.ok || !response.body) throw await refusal(response);
    const length = Number(response.headers.get('Content-Length'));
    total = Number.isFinite(length) && length > 0 ? length : null;
    onProgress({ received, total });
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.byteLength;
        if (file) await file.write(value);
        else chunks.push(value);
        onProgress({ received, total });
      }
    } catch {
      if (signal.aborted) throw new DownloadCancelled(t(adminExports.cancelled));
      throw interrupted({ received, total });
    }
    if (total !== null && received !== total) throw interrupted({ received, total });
    if (file) await file.close();
    else saveBlob(new Blob(chunks as BlobPart[], { type: 'application/zip' }), fileName);
    return { bytes: received };
  } catch (error) {
    await file?.abort().catch(() => undefined);
    throw error;
  }
}

async function refusal(response: Response): Promise<ApiError> {
  let message = '';
  let code: string | undefined;
  try {
    const body = (await response.json()) as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string') message = body.message;
    if (typeof body.code === 'string') code = body.code;
  } catch {
    // Not JSON (a proxy's error page): the status text below.
  }
  return new ApiError(message || response.statusText || ERROR_TEXTS.fallback, response.status, code);
}

function interrupted(progress: DownloadProgress): ApiError {
  return new ApiError(t(adminExports.interrupted, { size: sizeText(progress) }), null, 'INTERRUPTED');
}
