import { useState } from 'react';
import { Button, Empty, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { common as msg_common } from '@jizu/shared/messages/common';
import type { TMemberRow, TPrivMenu } from '@jizu/shared/schemas/member';
import { checkedLeafIds, grantIdsWithGroups, leafIds } from '@jizu/shared/rules/grants';
import { api } from '../../api/client';
import { useIsMaster } from '../../app/session';
import { useIsMobile } from '../../app/useIsMobile';
import * as TxCompany from '../../texts/company';
import { toast } from '../../app/toast';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { membersQuery } from './MembersPage';
import cm from '../../ui/common.module.css';
import cs from './company.module.css';

const M = { common: msg_common } as const;

const toNodes = (menu: TPrivMenu[]): TreeDataNode[] =>
  menu.map((m) => ({ key: m.id, title: m.name, children: toNodes(m.child) }));

export const privilegeKey = (memberId: number) => ['company', 'privilege', memberId] as const;

function MemberGrants({ member }: { member: TMemberRow }) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: privilegeKey(member.id),
    queryFn: () => api.get<TPrivMenu[]>('/company/privilege/lst', { member_id: member.id }, { quiet: true }),
  });
  // the checked pages (leaves) once the tree was touched; the groups' state is derived from them, as the tree draws it
  const [leaves, setLeaves] = useState<number[] | null>(null);
  const save = useMutation({
    mutationFn: (ids: number[]) => api.post('/company/privilege/save', { member_id: member.id, menu_id: ids }),
    onSuccess: async () => {
      toast.success(M.common.saved);
      // the cached tree of this member is what was saved now: coming back to the member must not show the old one
      await qc.invalidateQueries({ queryKey: privilegeKey(member.id) });
    },
  });
  return (
    <QueryState query={q}>
      {(menu) => {
        const checked = leaves ?? checkedLeafIds(menu);
        const pages = new Set(leafIds(menu));
        return (
          <>
            <Tree
              checkable
              defaultExpandAll
              selectable={false}
              treeData={toNodes(menu)}
              checkedKeys={checked}
              onCheck={(keys) =>
                setLeaves((Array.isArray(keys) ? keys : keys.checked).map(Number).filter((id) => pages.has(id)))
              }
            />
            <div className={cs.saveRow}>
              {/* groups go with their pages (spec/1 §2): every group with a checked page, touched or not */}
              <Button
                type="primary"
                loading={save.isPending}
                onClick={() => save.mutate(grantIdsWithGroups(menu, checked))}
              >
                {TxCompany.privilege.save}
              </Button>
            </div>
          </>
        );
      }}
    </QueryState>
  );
}

/** 权限管理: sub-users on the left (main accounts excluded), the grantable menu tree of the chosen one on the right. */
export default function PrivilegePage() {
  const master = useIsMaster();
  // only the main account sets grants (spec/1 §6): a sub-user who was given this page sees why it is closed
  if (!master) {
    return (
      <PageCard title={TxCompany.privilege.title}>
        <StateView kind="forbidden" title={TxCompany.privilege.mainOnly} sub={TxCompany.privilege.mainOnlyHint} />
      </PageCard>
    );
  }
  return <PrivilegeEditor />;
}

function PrivilegeEditor() {
  const mobile = useIsMobile();
  const q = useQuery(membersQuery);
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <PageCard title={TxCompany.privilege.title}>
      <QueryState
        query={q}
        isEmpty={(rows) => rows.every((r) => r.master === 1)}
        empty={<Empty description={TxCompany.privilege.noSub} />}
      >
        {(rows) => {
          const subs = rows.filter((r) => r.master !== 1);
          const current = subs.find((s) => s.id === selected) ?? subs[0];
          return (
            <div className={cs.privilege}>
              <nav data-testid="privilege-members" className={mobile ? cs.membersMobile : cs.members}>
                <div className={cm.tertiaryBelowSm}>{TxCompany.privilege.members}</div>
                {subs.map((s) => (
                  <button
                    key={s.id}
                    type="button"
                    onClick={() => setSelected(s.id)}
                    className={s.id === current.id ? `${cs.member} ${cs.memberCurrent}` : cs.member}
                  >
                    {s.member_name}
                    <span className={cs.memberPhone}>{s.phone}</span>
                  </button>
                ))}
              </nav>
              <div className={cs.grants}>
                <div className={cm.tertiaryBelowSm}>
                  {TxCompany.privilege.menus.replace('{name}', current.member_name)}
                </div>
                <MemberGrants key={current.id} member={current} />
              </div>
            </div>
          );
        }}
      </QueryState>
    </PageCard>
  );
}
