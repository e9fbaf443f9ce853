import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { PageCard } from '../../ui/PageCard';
import { PT } from '../../texts/payment';

/** /gold-success and /user-success: after a coin or membership payment. */
export default function SuccessPage() {
  const gold = useLocation().pathname.startsWith('/gold-success');
  const navigate = useNavigate();
  return (
    <PageCard>
      <Result
        status="success"
        title={gold ? PT.goldSuccess : PT.userSuccess}
        subTitle={gold ? PT.goldSuccessSub : PT.userSuccessSub}
        extra={[
          <Button
            key="a"
            type="primary"
            onClick={() => navigate(gold ? '/integral-detail?tab=coin' : '/payment-detail')}
          >
            {gold ? PT.toCoinDetail : PT.toBenefits}
          </Button>,
          <Button key="b" onClick={() => navigate('/dashboard/index')}>
            {PT.toHome}
          </Button>,
        ]}
      />
    </PageCard>
  );
}
