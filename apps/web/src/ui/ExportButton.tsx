import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { fmt } from '@jizu/shared/messages/fmt';
import { ApiError, download } from '../api/client';
import { toast } from '../app/toast';
import { exporting as T } from '../texts/common';

type TParams = Record<string, string | number | boolean | null | undefined>;

/**
 * The export button of every working list (issue 29 §3): downloads GET `path` (the list's export) with the list's
 * current filters and the company, disabled and spinning while the file streams, and says why when it fails (the
 * server's refusal, e.g. a missing grant, or the network).
 */
export function ExportButton({
  path,
  params = {},
  label = T.label,
  noCompany,
}: {
  path: string;
  params?: TParams;
  label?: string;
  /** the console's queues: not company-scoped */
  noCompany?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(path, params, { quiet: true, noCompany });
      toast.success(T.done);
    } catch (e) {
      if (e instanceof ApiError && !e.loggedOut) toast.error(fmt(T.failed, { msg: e.msg }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={busy} onClick={() => void run()}>
      {busy ? T.busy : label}
    </Button>
  );
}
