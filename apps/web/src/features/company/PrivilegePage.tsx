import { useState } from 'react';
import { Button, Empty, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { M } from '@jizu/shared/messages';
import type { TMemberRow, TPrivMenu } from '@jizu/shared/schemas/member';
import { api } from '../../api/client';
import { useIsMaster } from '../../app/session';
import { useIsMobile } from '../../app/useIsMobile';
import { T } from '../../app/texts';
import { toast } from '../../app/toast';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { membersKey } from './MembersPage';

const toNodes = (menu: TPrivMenu[]): TreeDataNode[] => menu.map((m) => ({ key: m.id, title: m.name, children: toNodes(m.child) }));
/** The leaves that are checked: the tree derives the groups' state from them. */
const checkedLeaves = (menu: TPrivMenu[]): number[] => menu.flatMap((m) => (m.child.length ? checkedLeaves(m.child) : m.checked ? [m.id] : []));

function MemberGrants({ member }: { member: TMemberRow }) {
  const q = useQuery({ queryKey: ['company', 'privilege', member.id], queryFn: () => api.get<TPrivMenu[]>('/company/privilege/lst', { member_id: member.id }, { quiet: true }) });
  const [checked, setChecked] = useState<{ full: number[]; half: number[] } | null>(null);
  const save = useMutation({
    mutationFn: (ids: number[]) => api.post('/company/privilege/save', { member_id: member.id, menu_id: ids }),
    onSuccess: () => toast.success(M.common.saved),
  });
  return (
    <QueryState query={q}>
      {(menu) => {
        const full = checked?.full ?? checkedLeaves(menu);
        return (
          <>
            <Tree
              checkable
              defaultExpandAll
              selectable={false}
              treeData={toNodes(menu)}
              checkedKeys={full}
              onCheck={(keys, info) => setChecked({ full: (Array.isArray(keys) ? keys : keys.checked).map(Number), half: (info.halfCheckedKeys ?? []).map(Number) })}
            />
            <div style={{ marginTop: 20 }}>
              {/* groups go with their children: fully or partly checked groups are sent too (spec/1 §2) */}
              <Button type="primary" loading={save.isPending} onClick={() => save.mutate(checked ? [...checked.full, ...checked.half] : full)}>
                {T.privilege.save}
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
      <PageCard title={T.privilege.title}>
        <StateView kind="forbidden" title={T.privilege.mainOnly} sub={T.privilege.mainOnlyHint} />
      </PageCard>
    );
  }
  return <PrivilegeEditor />;
}

function PrivilegeEditor() {
  const mobile = useIsMobile();
  const q = useQuery({ queryKey: membersKey, queryFn: () => api.get<TMemberRow[]>('/company/user/lst', undefined, { quiet: true }) });
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <PageCard title={T.privilege.title}>
      <QueryState query={q} isEmpty={(rows) => rows.every((r) => r.master === 1)} empty={<Empty description={T.privilege.noSub} />}>
        {(rows) => {
          const subs = rows.filter((r) => r.master !== 1);
          const current = subs.find((s) => s.id === selected) ?? subs[0];
          return (
            <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
              <nav data-testid="privilege-members" style={mobile ? { flex: '1 1 100%', borderBottom: '1px solid #f0f0f0', paddingBottom: 12 } : { flex: '0 0 220px', borderRight: '1px solid #f0f0f0', paddingRight: 16 }}>
                <div style={{ color: 'rgba(0,0,0,.45)', marginBottom: 8 }}>{T.privilege.members}</div>
                {subs.map((s) => (
                  <button
                    key={s.id}
                    type="button"
                    onClick={() => setSelected(s.id)}
                    style={{
                      display: 'block',
                      width: '100%',
                      textAlign: 'left',
                      border: 0,
                      borderRadius: 6,
                      padding: '8px 12px',
                      marginBottom: 4,
                      cursor: 'pointer',
                      background: s.id === current.id ? '#e6f0ff' : 'transparent',
                      color: s.id === current.id ? '#1f6feb' : 'inherit',
                    }}
                  >
                    {s.member_name}
                    <span style={{ color: 'rgba(0,0,0,.45)', marginLeft: 8, fontSize: 12 }}>{s.phone}</span>
                  </button>
                ))}
              </nav>
              <div style={{ flex: '1 1 320px', minWidth: 0 }}>
                <div style={{ color: 'rgba(0,0,0,.45)', marginBottom: 8 }}>{T.privilege.menus.replace('{name}', current.member_name)}</div>
                <MemberGrants key={current.id} member={current} />
              </div>
            </div>
          );
        }}
      </QueryState>
    </PageCard>
  );
}
