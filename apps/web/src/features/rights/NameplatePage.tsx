import { Button, Result } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { rights as msg_rights } from '@jizu/shared/messages/rights';
import { useUserInfo } from '../../app/session';
import { PageCard } from '../../ui/PageCard';
import { LoadingBlock } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { RT } from '../../texts/rights';
import cm from '../../ui/common.module.css';
import s from './rights.module.css';

const M = { rights: msg_rights } as const;

/** /dashboard/down-nameplate?id=&url=: the bound device's nameplate (AAA, owner only), downloaded as a PNG. */
export default function NameplatePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const me = useUserInfo();
  const id = Number(params.get('id'));
  if (me.isPending) return <LoadingBlock />;
  if (!Number.isInteger(id) || id < 1)
    return (
      <PageCard title={RT.nameplateTitle}>
        <StateView kind="empty" title={RT.notFound} />
      </PageCard>
    );
  if (me.data?.memberLevel.level !== 'AAA')
    return (
      <PageCard title={RT.nameplateTitle}>
        <Result
          status="warning"
          title={M.rights.aaaOnly}
          extra={
            <Button type="primary" onClick={() => navigate('/user-payment?level=AAA')}>
              {RT.notAaa}
            </Button>
          }
        />
      </PageCard>
    );
  // the server checks the owner and the level again and converts the stored image to PNG
  const src = `/api/index/user/nameplate?id=${id}`;
  return (
    <PageCard title={RT.nameplateTitle} extra={<Button onClick={() => navigate('/payment-detail')}>{RT.back}</Button>}>
      <div className={cm.center}>
        <img src={`${src}&inline=1`} alt={RT.nameplateTitle} data-testid="nameplate" className={s.nameplate} />
        <div className={s.hint}>{RT.nameplateHint}</div>
        <a href={src} download>
          <Button type="primary" icon={<DownloadOutlined />}>
            {RT.download}
          </Button>
        </a>
      </div>
    </PageCard>
  );
}
