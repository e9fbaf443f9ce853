import { Button } from 'antd';

/**
 * The report action of a public page (a listing: type 0, a shop: type 1): a dialog with the type and remarks. The
 * reports part of issue 9 owns it; props are the contract the listing and shop pages use.
 */
export default function ReportButton(_props: { type: 0 | 1; targetId: number }) {
  return <Button disabled>举报</Button>;
}
