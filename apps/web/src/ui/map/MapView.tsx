import { MapCanvas } from './MapCanvas';
import { useAMap } from './useAMap';
import s from './MapPicker.module.css';

/**
 * A small read-only map with the record's point (the public listing and bidding pages); nothing without a map or a
 * point. Loaded lazily by those pages (`React.lazy`), so the map's code stays out of their first load.
 */
export default function MapView({ lng, lat }: { lng: number | null; lat: number | null }) {
  const map = useAMap();
  if (map.status !== 'ready' || lng === null || lat === null) return null;
  return <MapCanvas AMap={map.AMap} point={{ lng, lat }} className={s.view} />;
}
