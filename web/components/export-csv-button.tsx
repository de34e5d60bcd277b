import { Download } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '#web/lib/auth/use-auth';
import { Button } from './button';
import { errorText } from './form-error';
import { useToast } from './toast';

/**
 * Export CSV: runs `download` with the access token (it saves the file and answers its name), then says
 * so in a toast, or why it failed. Disabled while it runs.
 */
export function ExportCsvButton({ download }: { download: (accessToken: string | null) => Promise<string> }) {
  const { accessToken } = useAuth();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  async function exportCsv() {
    setBusy(true);
    try {
      const filename = await download(accessToken);
      toast({ title: 'Export ready', description: `${filename} was downloaded.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not export', description: errorText(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" disabled={busy} onClick={() => void exportCsv()}>
      <Download aria-hidden="true" className="size-4" />
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
