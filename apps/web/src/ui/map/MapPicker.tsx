import { useEffect, useMemo, useRef, useState } from 'react';
import { AutoComplete, Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { AimOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { fmt } from '@jizu/shared/messages/fmt';
import { toast } from '../../app/toast';
import { mapUi } from '../../texts/map';
import { useDebouncedValue } from '../useDebouncedValue';
import { MapCanvas, type TPoint } from './MapCanvas';
import type { TAMap, TLngLatArray, TTip } from './amapTypes';
import { useAMap } from './useAMap';
import { centreQuery, detailOf, regionOfAdcode } from './regionOfPlace';
import s from './MapPicker.module.css';

/** The form fields the picker reads and fills. */
export interface TMapFields {
  region: string;
  address: string;
  lng: string;
  lat: string;
}
const FIELDS: TMapFields = { region: 'region', address: 'address', lng: 'lng', lat: 'lat' };
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
/** A form field the picker keeps a value in without showing it (its errors show on the picker's own item). */
const Kept = (_: { value?: unknown }) => null;

/**
 * The location of a form (spec/1 §3 listing, spec/2 §2 screen 3 bidding, quick demand, inquiry): a place search, a
 * click on the map, the browser's position; each point is reverse-geocoded into the form's region cascader and
 * detailed address. Without a map (no key, the script failed) the form keeps its cascader and address, and the point
 * is the chosen district's centre, which a line says. Must sit inside an antd Form that has the `fields`.
 */
export function MapPicker({
  label,
  fields = FIELDS,
  rules,
  addressMax,
  required,
  className,
}: {
  label: string;
  fields?: TMapFields;
  rules?: { lng?: Rule[]; lat?: Rule[] };
  addressMax?: number;
  required?: boolean;
  /** of the picker's form item (a grid's span) */
  className?: string;
}) {
  const form = Form.useFormInstance();
  const qc = useQueryClient();
  const map = useAMap();
  const region = Form.useWatch(fields.region, form) as number[] | undefined;
  const lng = Form.useWatch(fields.lng, form) as number | null | undefined;
  const lat = Form.useWatch(fields.lat, form) as number | null | undefined;
  const point: TPoint | null = typeof lng === 'number' && typeof lat === 'number' ? { lng, lat } : null;
  const noMap = map.status === 'off' || map.status === 'failed';

  // without a map: the point follows the district chosen in the cascader (an edited record keeps its own point
  // until its district changes)
  const district = region?.length === 3 ? region[2] : null;
  const seen = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (!noMap || !district || seen.current === district) return;
    const first = seen.current === undefined;
    seen.current = district;
    // the district the record came with: its own point stays
    if (first && typeof form.getFieldValue(fields.lng) === 'number') return;
    void qc
      .fetchQuery(centreQuery(district))
      .then((c) => c && form.setFieldsValue({ [fields.lng]: c.lng, [fields.lat]: c.lat }))
      .catch(() => {});
  }, [noMap, district, qc, form, fields]);

  const keep = (name: string, r?: Rule[]) => (
    <Form.Item name={name} rules={r} noStyle>
      <Kept />
    </Form.Item>
  );
  return (
    <Form.Item label={label} required={required} className={className}>
      {map.status === 'ready' ? (
        <div className={s.picker}>
          <Picker AMap={map.AMap} point={point} fields={fields} addressMax={addressMax} />
        </div>
      ) : (
        <div className={s.line}>
          {noMap ? (map.status === 'off' ? mapUi.notConfigured : mapUi.loadFailed) : mapUi.loading}
        </div>
      )}
      <div className={s.line} data-testid="map-point">
        {point
          ? fmt(noMap ? mapUi.centreOf : mapUi.point, { lng: point.lng, lat: point.lat })
          : map.status === 'ready' && mapUi.noPoint}
      </div>
      {keep(fields.lng, rules?.lng)}
      {keep(fields.lat, rules?.lat)}
    </Form.Item>
  );
}

/** The live map: search box, position button and the map itself. */
function Picker({
  AMap,
  point,
  fields,
  addressMax,
}: {
  AMap: TAMap;
  point: TPoint | null;
  fields: TMapFields;
  addressMax?: number;
}) {
  const form = Form.useFormInstance();
  const qc = useQueryClient();
  const services = useMemo(
    () => ({
      geocoder: new AMap.Geocoder({ radius: 500 }),
      tips: new AMap.AutoComplete({ city: mapUi.wholeCountry }),
      places: new AMap.PlaceSearch({ city: mapUi.wholeCountry, pageSize: 1 }),
      geolocation: new AMap.Geolocation({ enableHighAccuracy: true, timeout: 10_000 }),
    }),
    [AMap],
  );
  const [keyword, setKeyword] = useState('');
  const [tips, setTips] = useState<TTip[]>([]);
  const typed = useDebouncedValue(keyword.trim());
  useEffect(() => {
    if (!typed) return;
    let live = true;
    services.tips.search(typed, (status, result) => {
      if (live) setTips(status === 'complete' ? (result.tips ?? []).filter((t) => t.location) : []);
    });
    return () => {
      live = false;
    };
  }, [typed, services]);

  /** Puts the point on the form, then fills the region and the address from its reverse geocoding. */
  const pick = (p: TLngLatArray, name?: string) => {
    form.setFieldsValue({ [fields.lng]: round6(p[0]), [fields.lat]: round6(p[1]) });
    services.geocoder.getAddress(p, (status, result) => {
      const r = result.regeocode;
      if (status !== 'complete' || !r) return;
      void regionOfAdcode(qc, r.addressComponent.adcode).then((ids) => {
        const detail = detailOf(r.formattedAddress, r.addressComponent);
        const address = name && !detail.includes(name) ? `${detail}${name}` : detail;
        form.setFieldsValue({
          [fields.region]: ids.length ? ids : undefined,
          [fields.address]: addressMax ? address.slice(0, addressMax) : address,
        });
        void form.validateFields([fields.region, fields.address, fields.lng, fields.lat]).catch(() => {});
      });
    });
  };
  const chooseTip = (id: string) => {
    const t = tips.find((x) => x.id === id);
    if (t?.location) pick([t.location.getLng(), t.location.getLat()], t.name);
    setKeyword(t?.name ?? '');
  };
  const searchPlace = (text: string) => {
    if (!text.trim()) return;
    services.places.search(text.trim(), (status, result) => {
      const poi = status === 'complete' ? result.poiList?.pois[0] : undefined;
      if (poi) pick([poi.location.getLng(), poi.location.getLat()], poi.name);
      else toast.error(mapUi.searchNone);
    });
  };
  const locate = () =>
    services.geolocation.getCurrentPosition((status, result) => {
      if (status === 'complete' && result.position) pick([result.position.getLng(), result.position.getLat()]);
      else toast.error(fmt(mapUi.geoFailed, { reason: result.message || mapUi.geoUnknown }));
    });

  return (
    <>
      <div className={s.tools}>
        <AutoComplete
          className={s.search}
          value={keyword}
          options={(typed ? tips : []).map((t) => ({
            value: t.id,
            label: fmt(mapUi.tip, { name: t.name, district: t.district }),
          }))}
          onSearch={setKeyword}
          onSelect={chooseTip}
        >
          <Input.Search placeholder={mapUi.searchPh} aria-label={mapUi.searchPh} onSearch={searchPlace} allowClear />
        </AutoComplete>
        <Button icon={<AimOutlined />} onClick={locate} aria-label={mapUi.locate} title={mapUi.locate} />
      </div>
      <div className={s.line}>{mapUi.pickHint}</div>
      <MapCanvas AMap={AMap} point={point} onPick={(p) => pick(p)} className={s.canvas} />
    </>
  );
}
