import { useEffect, useState } from 'react';
import { usePublicSettings } from '../../app/usePublicSettings';
import { loadAMap } from './amapLoader';
import type { TAMap } from './amapTypes';

/** Where the page's map is: settings still on their way, no key configured, the script failed, or ready. */
export type TMapState =
  { status: 'loading' } | { status: 'off' } | { status: 'failed' } | { status: 'ready'; AMap: TAMap };

/** The AMap namespace once the configured key has loaded it (amapLoader), or why there is none. */
export function useAMap(): TMapState {
  const settings = usePublicSettings();
  const amap = settings?.amap;
  const [loaded, setLoaded] = useState<{ key: string; AMap: TAMap | null } | null>(null);
  useEffect(() => {
    if (!amap) return;
    let live = true;
    void loadAMap(amap).then((AMap) => {
      if (live) setLoaded({ key: amap.key, AMap });
    });
    return () => {
      live = false;
    };
  }, [amap]);
  if (!settings) return { status: 'loading' };
  if (!amap) return { status: 'off' };
  if (loaded?.key !== amap.key) return { status: 'loading' };
  return loaded.AMap ? { status: 'ready', AMap: loaded.AMap } : { status: 'failed' };
}
