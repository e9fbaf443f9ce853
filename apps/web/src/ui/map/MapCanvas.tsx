import { useEffect, useRef } from 'react';
import { MAP_DEFAULT } from '@jizu/shared/constants/region';
import type { TAMap, TLngLatArray, TMap, TMarker } from './amapTypes';
import { mapUi } from '../../texts/map';

export interface TPoint {
  lng: number;
  lat: number;
}

/**
 * An AMap map with one marker at `point` (none without), opened at the point or the spec's default centre, zoom 19.
 * `onPick` (the picker) hears a click on the map with the clicked point; without it the map only shows.
 */
export function MapCanvas({
  AMap,
  point,
  onPick,
  className,
}: {
  AMap: TAMap;
  point: TPoint | null;
  onPick?: (p: TLngLatArray) => void;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const live = useRef<{ map: TMap; marker: TMarker | null } | null>(null);
  const picked = useRef(onPick);
  useEffect(() => {
    picked.current = onPick;
  }, [onPick]);
  const at: TLngLatArray | null = point ? [point.lng, point.lat] : null;
  const first = useRef(at);

  useEffect(() => {
    if (!box.current) return;
    const centre = first.current ?? [MAP_DEFAULT.lng, MAP_DEFAULT.lat];
    const map = new AMap.Map(box.current, { zoom: MAP_DEFAULT.zoom, center: centre });
    map.on('click', (e) => picked.current?.([e.lnglat.getLng(), e.lnglat.getLat()]));
    live.current = { map, marker: null };
    return () => {
      map.destroy();
      live.current = null;
    };
  }, [AMap]);

  const lng = at?.[0];
  const lat = at?.[1];
  useEffect(() => {
    const m = live.current;
    if (!m) return;
    if (lng === undefined || lat === undefined) {
      m.marker?.setMap(null);
      m.marker = null;
      return;
    }
    if (m.marker) m.marker.setPosition([lng, lat]);
    else m.marker = new AMap.Marker({ position: [lng, lat], map: m.map });
    m.map.setCenter([lng, lat]);
  }, [AMap, lng, lat]);

  return <div ref={box} className={className} role="application" aria-label={mapUi.mapLabel} />;
}
