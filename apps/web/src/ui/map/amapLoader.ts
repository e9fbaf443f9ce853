import type { TPublicSettings } from '@jizu/shared/schemas/settings';
import type { TAMap } from './amapTypes';

/**
 * The one place the app loads AMap JS API 2.0 (README § Maps). It resolves to the `AMap` namespace, or to null when
 * the map is unavailable: no key configured, the script refused or unreachable, or no answer within LOAD_TIMEOUT_MS.
 * Nothing here throws: a form without a map falls back to the district centre (MapPicker).
 * The journeys serve a stand-in at the API's address (e2e/support/amap-standin.ts): the same code path runs.
 */
export const AMAP_PLUGINS = ['AMap.PlaceSearch', 'AMap.AutoComplete', 'AMap.Geocoder', 'AMap.Geolocation'];
const LOAD_TIMEOUT_MS = 12_000;

declare global {
  interface Window {
    _AMapSecurityConfig?: { securityJsCode: string };
  }
}

let loading: { key: string; promise: Promise<TAMap | null> } | null = null;

export function loadAMap(amap: TPublicSettings['amap'] | undefined): Promise<TAMap | null> {
  if (!amap?.key) return Promise.resolve(null);
  if (loading?.key === amap.key) return loading.promise;
  // the security code must be in place before the API's script runs (AMap's rule for keys made since 2021-12)
  window._AMapSecurityConfig = { securityJsCode: amap.security_code };
  const promise = (async () => {
    try {
      const { load } = await import('@amap/amap-jsapi-loader');
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), LOAD_TIMEOUT_MS)));
      const loaded = load({ key: amap.key, version: '2.0', plugins: AMAP_PLUGINS }).then(
        (AMap) => AMap as TAMap,
        () => null,
      );
      const result = await Promise.race([loaded, timeout]);
      clearTimeout(timer);
      return result;
    } catch {
      return null;
    }
  })();
  loading = { key: amap.key, promise };
  return promise;
}
