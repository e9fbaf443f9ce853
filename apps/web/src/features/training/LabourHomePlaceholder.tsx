import { Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { TRAINING_ROUTES } from '@jizu/shared/constants/training';
import { PageCard } from '../../ui/PageCard';
import { TT } from './texts';

/**
 * PLACEHOLDER (training branch) for /operator/index, the labour centre's home (spec/3 §2), which another branch
 * builds: the training enrolment's 取消 and a paid training order land here. The lead replaces this route with the
 * real labour home (and deletes this file); the real page links to TRAINING_ROUTES.enrol and .registration.
 */
export default function LabourHomePlaceholder() {
  const navigate = useNavigate();
  return (
    <PageCard title={TT.homeTitle}>
      <p style={{ color: 'rgba(0,0,0,.55)' }}>{TT.homeSub}</p>
      <Space wrap>
        <Button type="primary" onClick={() => navigate(TRAINING_ROUTES.enrol)}>
          {TT.homeEnrol}
        </Button>
        <Button onClick={() => navigate(TRAINING_ROUTES.registration)}>{TT.homeList}</Button>
      </Space>
    </PageCard>
  );
}
