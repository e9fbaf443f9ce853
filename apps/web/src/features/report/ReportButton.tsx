import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { askVisitor, visitorKey } from '../../app/visitor';
import { toLogin } from '../favorite/FavoriteButton';
import { RT } from '../../texts/report';

// the dialog (Form, Select, Modal) loads only when asked for: the public pages' first load stays small
const ReportDialog = lazy(() => import('./ReportDialog'));

/**
 * The report action of a public page (a listing: type 0, a shop: type 1): a dialog with the type and remarks; a
 * stranger is sent to log in first. Props are the contract the listing and shop pages use.
 */
export default function ReportButton({ type, targetId }: { type: 0 | 1 | 2; targetId: number }) {
  const [open, setOpen] = useState(false);
  const qc = useQueryClient();
  const start = async () => {
    // a stranger logs in before writing a report, not after
    const me = await qc.fetchQuery({ queryKey: visitorKey, queryFn: askVisitor, staleTime: 30_000 }).catch(() => null);
    if (me) setOpen(true);
    else toLogin();
  };
  return (
    <>
      <Button type="text" icon={<WarningOutlined />} onClick={() => void start()}>
        {RT.report}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog type={type} targetId={targetId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
