// The administrators' backup download (GET /api/admin/backup, the archive `npm run export` writes).
// Fetched through the one HTTP client, so a failure is an ApiError like any other call's, then
// handed to the browser as a file under the name the server gave it.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import { request } from '../../lib/http';

const FALLBACK_NAME = 'studio-backup.tar';
/** How long the file's object URL lives after the click (the browser reads it asynchronously). */
const REVOKE_AFTER_MS = 60_000;

interface BackupDownload {
  blob: Blob;
  name: string;
}

async function fetchBackup(): Promise<BackupDownload> {
  let reply: Response | undefined;
  // The client checks the status (and throws the ApiError); a copy of a good reply keeps its exact bytes.
  await request('GET', api.backup, undefined, async (path, init) => {
    const res = await fetch(path, init);
    if (res.ok) reply = res.clone();
    return res;
  });
  const name = /filename="([^"]+)"/.exec(reply!.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await reply!.blob(), name: name ?? FALLBACK_NAME };
}

function saveFile({ blob, name }: BackupDownload): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

export const useDownloadBackup = () => useMutation({ mutationFn: async () => saveFile(await fetchBackup()) });
