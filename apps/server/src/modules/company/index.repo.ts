import type { DB } from '../../db/client';
import { namedRows } from '../../db/prepared';

/**
 * The account card (GET /index/info) in one statement: the dashboard's most frequent call reads the user, the
 * memberships, the stored membership and the levels on sale, the newest personal verification, and for the current
 * company (the requested one when the user is an active member, else main account first, then the oldest) its newest
 * company verification and advanced order. Every part is on an index (users pk, company_members_user_idx, membership
 * pk, person_auths_user_idx, company_auths_company_idx, advanced_auths_company_idx).
 *
 * This read model spans the tables of several modules on purpose: seven round trips were the call's cost
 * (npm run bench:profile). Only the reading lives here; what the rows mean (statuses, buttons, expiry) stays with each
 * module's rules (verify's *SummaryOf, membership's memberLevelFrom), which the service applies.
 */
const CARD_SQL = `select u.id, u.phone, u.username, u.avatar, u.nick_name_status, u.role, u.level, u.profile_type, u.peas, u.gold,
    u.last_login_at,
    ms.level as m_level, ms.expires_at as m_expires_at,
    array(select p.level from member_plan p where p.for_sale = 1 and p.price > 0) as on_sale,
    coalesce((select json_agg(json_build_object('memberId', cm.id, 'companyId', c.id, 'companyName', c.name, 'master', cm.master,
        'companyType', c.type, 'companyStatus', c.status, 'companySuper', c.super, 'companyUpdatedAt', c.updated_at)
        order by cm.master desc, cm.id asc)
      from company_members cm join companies c on c.id = cm.company_id
      where cm.user_id = u.id and cm.status = 1 and cm.deleted_at is null), '[]') as memberships,
    pa.status as pa_status, pa.name as pa_name, pa.card_mask as pa_card_mask, pa.card_face as pa_card_face, pa.card_back as pa_card_back,
    pa.reason as pa_reason, pa.created_at as pa_created_at, pa.reviewed_at as pa_reviewed_at,
    ca.status as ca_status, ca.reason as ca_reason, ca.created_at as ca_created_at, ca.reviewed_at as ca_reviewed_at,
    aa.state as aa_state, aa.expires_at as aa_expires_at, aa.reason as aa_reason
  from users u
  left join membership ms on ms.user_id = u.id
  left join lateral (select * from person_auths x where x.user_id = u.id order by x.id desc limit 1) pa on true
  left join lateral (
    select cm.company_id, c.type, c.super from company_members cm join companies c on c.id = cm.company_id
    where cm.user_id = u.id and cm.status = 1 and cm.deleted_at is null
    order by (cm.company_id = $2::int) desc, cm.master desc, cm.id asc limit 1
  ) cur on true
  left join lateral (select * from company_auths x where x.company_id = cur.company_id order by x.id desc limit 1) ca on true
  left join lateral (
    select * from advanced_auths x where x.company_id = cur.company_id and cur.type = 2 and cur.super <> 1 order by x.id desc limit 1
  ) aa on true
  where u.id = $1`;

export interface TCardMembership {
  memberId: number;
  companyId: number;
  companyName: string;
  master: number;
  companyType: number;
  companyStatus: number;
  companySuper: number;
  companyUpdatedAt: string;
}

export interface TCardRow {
  id: number;
  phone: string;
  username: string;
  avatar: string;
  nick_name_status: number;
  role: string;
  level: string;
  profile_type: number;
  /** bigint columns: pg answers text, PGlite a number */
  peas: number | string;
  gold: number | string;
  last_login_at: Date | null;
  m_level: string | null;
  m_expires_at: Date | null;
  on_sale: string[];
  memberships: TCardMembership[] | string;
  pa_status: number | null;
  pa_name: string | null;
  /** the stored mask: the account card never decrypts an ID number */
  pa_card_mask: string | null;
  pa_card_face: string | null;
  pa_card_back: string | null;
  pa_reason: string | null;
  pa_created_at: Date | null;
  pa_reviewed_at: Date | null;
  ca_status: number | null;
  ca_reason: string | null;
  ca_created_at: Date | null;
  ca_reviewed_at: Date | null;
  aa_state: string | null;
  aa_expires_at: Date | null;
  aa_reason: string | null;
}

type TCard = TCardRow & { peas: number; gold: number; memberships: TCardMembership[] };

/** The account card's row; `companyId` 0 asks for the default company. null when the user does not exist. */
export async function readAccountCard(db: DB, userId: number, companyId: number): Promise<TCard | null> {
  const [row] = await namedRows<TCardRow>(db, 'index.accountCard', CARD_SQL, [userId, companyId]);
  if (!row) return null;
  // json arrives parsed from both drivers; a driver that hands json as text is read here
  const memberships =
    typeof row.memberships === 'string' ? (JSON.parse(row.memberships) as TCardMembership[]) : row.memberships;
  return { ...row, peas: Number(row.peas), gold: Number(row.gold), memberships };
}
