// The administrators' backup download (GET /api/admin/backup, the archive `npm run export` writes).
// The browser downloads it itself, streaming it to disk with its own progress, whatever its size;
// first the one HTTP client asks whether a backup can be taken now (GET /api/admin/backup/ready), so
// that a refusal or an unreachable database is an ApiError the dashboard shows like any other.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import { http } from '../../lib/http';

/** Hands the download to the browser: a link to the archive (its name comes from the server). */
function download(path: string): void {
  const link = document.createElement('a');
  link.href = path;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

export const useDownloadBackup = () =>
  useMutation({
    mutationFn: async () => {
      await http.get<void>(api.backupReady);
      download(api.backup);
    },
  });
