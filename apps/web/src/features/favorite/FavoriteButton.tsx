import { useState } from 'react';
import { Button } from 'antd';
import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFavoriteState } from '@jizu/shared/schemas/favorite';
import { favorite as msg_favorite } from '@jizu/shared/messages/favorite';
import { api, ApiError } from '../../api/client';
import { hasSessionHint } from '../../app/cookies';
import { toast } from '../../app/toast';
import { FT } from '../../texts/favorite';
import css from './favorite.module.css';

const M = { favorite: msg_favorite } as const;

const stateKey = (type: number, id: number) => ['favorite', 'state', type, id] as const;

/** Sends a stranger to log in and come back here. */
export function toLogin() {
  window.location.assign(`/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}

/**
 * The favourite toggle of a public page (a listing: type 0, a shop: type 1): shows whether the user saved it and how
 * many did; adds or removes; a stranger is sent to log in. Props are the contract the listing and shop pages use.
 */
export default function FavoriteButton({ type, targetId }: { type: 0 | 1; targetId: number }) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const key = stateKey(type, targetId);
  const q = useQuery({
    queryKey: key,
    queryFn: () => api.get<TFavoriteState>('/index/favorite/state', { type, target_id: targetId }, { quiet: true }),
  });
  const s = q.data;
  const toggle = async () => {
    // no session to save it in (the server's hint, app/cookies.ts): nothing to ask
    if (!hasSessionHint()) return toLogin();
    setBusy(true);
    try {
      if (s?.favorited && s.id) {
        await api.post('/index/favorite/del', { id: s.id }, { noRedirect: true });
        qc.setQueryData<TFavoriteState>(key, { favorited: false, id: null, fav_num: Math.max(0, s.fav_num - 1) });
        toast.success(M.favorite.removed);
      } else {
        const next = await api.post<TFavoriteState>(
          '/index/favorite/add',
          { type, target_id: targetId },
          { noRedirect: true },
        );
        qc.setQueryData(key, next);
        toast.success(M.favorite.added);
      }
    } catch (e) {
      if (e instanceof ApiError && e.loggedOut) toLogin();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={s?.favorited ? <HeartFilled className={css.heart} /> : <HeartOutlined />}
      loading={busy}
      disabled={q.isPending}
      onClick={() => void toggle()}
      aria-pressed={!!s?.favorited}
    >
      {s?.favorited ? FT.added : FT.add}
      {s ? ` · ${s.fav_num}` : ''}
    </Button>
  );
}
