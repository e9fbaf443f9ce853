import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { Button } from 'antd';
import { HoverTip } from '../../ui/HoverTip';
import { CrownOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { maskPhone } from '@jizu/shared/rules/mask';
import { verify as msg_verify } from '@jizu/shared/messages/verify';
import { fmt } from '@jizu/shared/messages/fmt';
import { verifyButton } from '@jizu/shared/constants/company';
import { ADVANCED_MACHINE, isVerified, isVerifyFailed, isVerifyPending } from '@jizu/shared/constants/verify';
import { transitionOf } from '@jizu/shared/rules/machine';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TUserInfo } from '../../api/types';
import { infoKey, useIsMaster, useUserInfo } from '../../app/session';
import { currentCompanyId } from '../../app/cookies';
import * as T from '../../texts/base';
import * as TxAccount from '../../texts/account';
import { QueryState } from '../../ui/QueryState';
import { MasterTag, StatusTag } from '../../ui/StatusTag';
import { PageCard } from '../../ui/PageCard';
import { UserAvatar } from '../../ui/UserAvatar';
import { AvatarEdit, NicknameEdit, SecurityCard } from './SecurityCard';
import { NoticeCard } from './NoticeCard';
import { toast } from '../../app/toast';
import { startAdvancedAuth } from '../verify/verifyApi';
import { SignInCard } from './SignInCard';
import { FinanceProductRow } from './FinanceProductRow';
import cm from '../../ui/common.module.css';
import s from './dashboard.module.css';

const M = { verify: msg_verify } as const;

function VerifyRow({
  label,
  status,
  statusText,
  button,
  buttonText,
  url,
  hint,
  extra,
  onAction,
  testId,
}: {
  label: string;
  status: number;
  statusText: string;
  button: number;
  buttonText: string;
  url?: string;
  /** why the button is closed when its status alone would open it */
  hint?: string;
  extra?: ReactNode;
  onAction?: () => void;
  testId: string;
}) {
  const navigate = useNavigate();
  // a disabled button flag (0) disables it; the pages behind it are fixed routes, so the menu call plays no part
  const verified = isVerified({ status });
  const action = (
    <Button
      size="small"
      type={verified ? 'default' : 'primary'}
      ghost={!verified}
      disabled={button === 0}
      onClick={() => (onAction ? onAction() : url && navigate(url))}
    >
      {buttonText}
    </Button>
  );
  return (
    <div data-testid={testId} className={s.verifyRow}>
      <SafetyCertificateOutlined className={`${s.verifyIcon} ${verified ? s.verifyIconOn : s.verifyIconOff}`} />
      <span className={s.verifyLabel}>{label}</span>
      <StatusTag status={status} text={statusText} />
      <div className={cm.grow} />
      {extra}
      {button === 0 && hint ? (
        <HoverTip title={hint}>
          <span title={hint} data-testid={`${testId}-hint`}>
            {action}
          </span>
        </HoverTip>
      ) : (
        action
      )}
    </div>
  );
}

/**
 * A whole number with thousands separators, as toLocaleString('zh-CN') writes it: without Intl, whose first use
 * (loading the zh-CN number data) was a visible share of the account home's first render at 4× CPU slowdown.
 */
const groupDigits = (n: number) =>
  Number.isInteger(n) ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : n.toLocaleString('zh-CN');

function Figure({ title, value }: { title: string; value: number }) {
  return (
    <div>
      <div className={cm.tertiary13}>{title}</div>
      <div className={s.figure}>{groupDigits(value)}</div>
    </div>
  );
}

function Profile({ info }: { info: TUserInfo }) {
  return (
    <PageCard className={s.gridCard}>
      <div className={s.profileHead}>
        <AvatarEdit info={info}>
          <UserAvatar size={72} src={info.avatar} />
        </AvatarEdit>
        <div className={cm.shrink}>
          <div className={s.profileName} data-testid="profile-name">
            {info.username}
            <NicknameEdit info={info} />
          </div>
          <div className={s.phone}>{maskPhone(info.phone)}</div>
          <div className={cm.hintTop}>
            {TxAccount.dashboard.lastLogin}：{info.last_login_date || '—'}
          </div>
        </div>
      </div>
      <div className={s.figures}>
        <Figure title={TxAccount.dashboard.peas} value={info.score?.peas ?? 0} />
        <Figure title={TxAccount.dashboard.gold} value={info.score?.gold ?? 0} />
      </div>
    </PageCard>
  );
}

function Membership({ info }: { info: TUserInfo }) {
  const lv = info.memberLevel;
  return (
    <PageCard className={`${s.gridCard} ${s.memberCard}`}>
      <div className={s.memberHead}>
        <CrownOutlined className={s.crown} />
        <div>
          <div className={cm.hint}>{TxAccount.dashboard.level}</div>
          <div className={s.level}>{lv?.level || TxAccount.dashboard.noLevel}</div>
        </div>
      </div>
      <div className={s.expire}>
        {TxAccount.dashboard.expire}：{lv?.expiration_time || TxAccount.dashboard.forever}
        {lv?.expiration_time && lv.level_count > 0 && (
          <span className={s.daysLeft}>{fmt(TxAccount.dashboard.daysLeft, { n: lv.level_count })}</span>
        )}
        <Link to="/dashboard/user-power" className={s.rightsLink}>
          {TxAccount.dashboard.rights}
        </Link>
      </div>
      {/* spec/1 §6: an AAA member of personal type is asked to verify a company */}
      {lv?.level === 'AAA' &&
        info.member_profile.type === 1 &&
        !isVerifyPending({ status: info.authInfo.company_status }) && (
          <div className={s.aaaHint} data-testid="aaa-company-hint">
            {TxAccount.dashboard.aaaCompanyHint}
            <Link to="/dashboard/company-auth" className={s.aaaLink}>
              {TxAccount.dashboard.aaaCompanyGo}
            </Link>
          </div>
        )}
      <div className={s.levelButtons}>
        {(lv?.buttons ?? []).map((b) => (
          <Link key={`${b.operation}-${b.text}`} to={`/user-payment?level=${b.operation}`}>
            <Button>{b.text}</Button>
          </Link>
        ))}
      </div>
    </PageCard>
  );
}

/**
 * Advanced verification opens the provider's page in a new window (spec/1 §4). The window is opened at the click,
 * before the call answers, so popup blockers let it through. While an order is open the server answers its page
 * again, so "continue" and a repeated click lead to the same order.
 */
async function openAdvanced(qc: QueryClient) {
  const win = window.open('about:blank', '_blank');
  try {
    const { url } = await startAdvancedAuth();
    if (win) win.location.href = url;
    else window.open(url, '_blank');
    toast.info(TxAccount.verifyNote.advancedOpened);
  } catch {
    win?.close();
  } finally {
    void qc.invalidateQueries({ queryKey: infoKey });
  }
}

const Reason = ({ text }: { text: string }) => (
  <div className={s.reason}>{fmt(TxAccount.verifyNote.reason, { reason: text })}</div>
);

function Verification({ info }: { info: TUserInfo }) {
  const qc = useQueryClient();
  const a = info.authInfo;
  const label = (s: number) => TxAccount.verifyStatus[s] ?? String(s);
  const btn = (s: number) => TxAccount.verifyButton[s] ?? label(s);
  // Company and advanced verification are the main account's calls: the server closes their buttons for a sub-user.
  const main = useIsMaster();
  const companyHint =
    !main && verifyButton(a.company_status).flag === 1 ? TxAccount.dashboard.mainOnlyVerify : undefined;
  const advancedOpenable = !!transitionOf(ADVANCED_MACHINE, { status: a.advanced_status }, 'start', 'main');
  const advancedHint = !advancedOpenable
    ? undefined
    : !isVerified({ status: a.company_status })
      ? M.verify.needCompany
      : !main
        ? TxAccount.dashboard.mainOnlyVerify
        : undefined;
  const inProgress = isVerifyPending({ status: a.advanced_status });
  // the verifier decides in another window: look again when the user comes back to this one
  useEffect(() => {
    if (!inProgress) return;
    const refresh = () => void qc.invalidateQueries({ queryKey: infoKey });
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [inProgress, qc]);
  return (
    <PageCard title={TxAccount.dashboard.verify} className={s.gridCard} bodyClassName={s.verifyBody}>
      <VerifyRow
        testId="verify-person"
        label={TxAccount.dashboard.personal}
        status={a.auth_status}
        statusText={label(a.auth_status)}
        button={a.auth_button.flag}
        buttonText={a.auth_button.text || btn(a.auth_status)}
        url="/dashboard/person"
      />
      {isVerifyFailed({ status: a.auth_status }) && a.auth_reason && <Reason text={a.auth_reason} />}
      <VerifyRow
        testId="verify-company"
        label={TxAccount.dashboard.company}
        status={a.company_status}
        statusText={label(a.company_status)}
        button={a.company_button.flag}
        buttonText={a.company_button.text || btn(a.company_status)}
        url="/dashboard/company-auth"
        hint={companyHint}
      />
      {isVerifyFailed({ status: a.company_status }) && a.company_reason && <Reason text={a.company_reason} />}
      <VerifyRow
        testId="verify-advanced"
        label={TxAccount.dashboard.advanced}
        status={a.advanced_status}
        statusText={a.advanced_status_desc || label(a.advanced_status)}
        button={a.advanced_button}
        buttonText={a.advanced_button_desc || btn(a.advanced_status)}
        hint={advancedHint}
        extra={
          inProgress && main ? (
            <Button size="small" type="link" onClick={() => void openAdvanced(qc)} data-testid="verify-advanced-resume">
              {TxAccount.dashboard.advancedResume}
            </Button>
          ) : null
        }
        onAction={() => void openAdvanced(qc)}
      />
      {isVerifyFailed({ status: a.advanced_status }) && a.advanced_reason && <Reason text={a.advanced_reason} />}
      <FinanceProductRow main={main} />
      {!main && (companyHint || advancedHint === TxAccount.dashboard.mainOnlyVerify) && (
        <div className={s.mainOnly} data-testid="verify-main-only">
          {TxAccount.dashboard.mainOnlyVerify}
        </div>
      )}
    </PageCard>
  );
}

function CurrentCompany({ info }: { info: TUserInfo }) {
  const id = currentCompanyId() ?? info.company_id;
  const c = info.member_company.find((m) => m.company_id === id);
  return (
    <PageCard title={TxAccount.dashboard.currentCompany} className={s.gridCard}>
      <dl className={s.companyList}>
        <dt className={cm.tertiary}>{TxAccount.dashboard.companyName}</dt>
        <dd className={s.companyName}>{c?.company_name ?? T.shell.noCompany}</dd>
        <dt className={cm.tertiary}>{TxAccount.dashboard.role}</dt>
        <dd className={s.companyValue}>{c ? <MasterTag master={c.master} /> : '—'}</dd>
        <dt className={cm.tertiary}>{TxAccount.dashboard.companies}</dt>
        <dd className={s.companyValue}>{info.member_company.length}</dd>
      </dl>
    </PageCard>
  );
}

/** 账户首页: who I am, my points, membership, verification and the company I am working in. */
export default function DashboardPage() {
  const info = useUserInfo();
  // The account card and the membership card (the largest contentful paint) are the first frame; the other cards
  // follow in a background render right after it (React renders the deferred value once this commit is on screen),
  // so the first paint does not wait for their rendering and layout (bench/bundle.ts, 4× CPU slowdown).
  const rest = useDeferredValue(true, false);
  return (
    <QueryState query={info}>
      {(data) => (
        <div className={s.grid}>
          <Profile info={data} />
          <Membership info={data} />
          {rest && (
            <>
              <SignInCard />
              <Verification info={data} />
              <CurrentCompany info={data} />
              <SecurityCard info={data} />
              <NoticeCard />
            </>
          )}
        </div>
      )}
    </QueryState>
  );
}
