import { InboxOutlined } from '@ant-design/icons';
import { PageCard } from '../../ui/PageCard';
import { StateView } from '../../ui/StateView';
import { InquiryList } from './InquiryList';
import { TT } from '../../texts/talk';
import s from './talk.module.css';

/** 收到的询价 (menu 211): inquiries on the company's listings; the provider marks them completed. */
export default function ReceivePage() {
  return (
    <PageCard title={TT.receiveTitle}>
      <InquiryList
        path="/talk/receive"
        mode="receive"
        empty={<StateView icon={<InboxOutlined className={s.emptyIcon} />} title={TT.emptyReceive} />}
      />
    </PageCard>
  );
}
