import { Button } from 'antd';
import { DownOutlined, SwapOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { TMemberCompany } from '../api/types';
import { MasterTag } from '../ui/StatusTag';
import { PopMenu } from '../ui/PopMenu';
import { switchCompany } from './session';
import * as T from '../texts/base';
import { toast } from './toast';
import cm from '../ui/common.module.css';
import s from './CompanySwitcher.module.css';

/** The company switcher (spec/1 §6): choosing a company stores it in the 14-day cookie and reloads its data. */
export function CompanySwitcher({
  companies,
  current,
  compact,
}: {
  companies: TMemberCompany[];
  current: number | null;
  compact?: boolean;
}) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = companies.find((c) => c.company_id === current) ?? companies[0];

  const choose = async (companyId: number) => {
    if (companyId === active?.company_id) return;
    const name = companies.find((c) => c.company_id === companyId)?.company_name ?? '';
    const stillThere = await switchCompany(qc, companyId, pathname).catch(() => false);
    if (!stillThere) navigate('/dashboard/index');
    toast.success(T.shell.switched.replace('{name}', name));
  };

  if (!active) return <span className={cm.tertiary}>{T.shell.noCompany}</span>;
  return (
    <PopMenu
      items={companies.map((c) => ({
        key: String(c.company_id),
        selected: c.company_id === active.company_id,
        label: (
          <>
            <span className={cm.ellipsis}>{c.company_name}</span>
            <MasterTag master={c.master} />
          </>
        ),
      }))}
      onChoose={(key) => void choose(Number(key))}
      trigger={(open, toggle) => (
        <Button
          data-testid="company-switcher"
          aria-haspopup="menu"
          aria-expanded={open}
          onClick={toggle}
          title={T.shell.switchCompany}
          aria-label={`${T.shell.switchCompany}：${active.company_name}`}
          icon={<SwapOutlined />}
        >
          {!compact && <span className={s.name}>{active.company_name}</span>}
          <DownOutlined className={s.caret} />
        </Button>
      )}
    />
  );
}
