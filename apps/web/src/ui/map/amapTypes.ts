/**
 * The part of AMap JS API 2.0 the app uses (the official declarations, @amap/amap-jsapi-types, cover everything and
 * weigh more than the app's use): the map, a marker, and the search, geocoding and geolocation plugins.
 */
export type TLngLatArray = [number, number];
export interface TLngLat {
  getLng(): number;
  getLat(): number;
}
export interface TMapEvent {
  lnglat: TLngLat;
}
export interface TMap {
  on(event: 'click', handler: (e: TMapEvent) => void): void;
  setZoomAndCenter(zoom: number, center: TLngLatArray): void;
  setCenter(center: TLngLatArray): void;
  destroy(): void;
}
export interface TMarker {
  setPosition(p: TLngLatArray): void;
  setMap(map: TMap | null): void;
}
export interface TAddressComponent {
  province: string;
  /** '' (or []) for the municipalities */
  city: string | string[];
  district: string;
  adcode: string;
}
export interface TGeocoder {
  getAddress(
    p: TLngLatArray,
    cb: (
      status: 'complete' | 'error' | 'no_data',
      result: { regeocode?: { formattedAddress: string; addressComponent: TAddressComponent } },
    ) => void,
  ): void;
}
export interface TTip {
  id: string;
  name: string;
  district: string;
  adcode: string;
  address: string | string[];
  location: TLngLat | '';
}
export interface TAutoComplete {
  search(keyword: string, cb: (status: string, result: { tips?: TTip[] }) => void): void;
}
export interface TPoi {
  name: string;
  location: TLngLat;
}
export interface TPlaceSearch {
  search(keyword: string, cb: (status: string, result: { poiList?: { pois: TPoi[] } }) => void): void;
}
export interface TGeolocation {
  getCurrentPosition(
    cb: (status: 'complete' | 'error', result: { position?: TLngLat; message?: string }) => void,
  ): void;
}
export interface TAMap {
  Map: new (container: HTMLElement, opts: { zoom: number; center: TLngLatArray }) => TMap;
  Marker: new (opts: { position: TLngLatArray; map?: TMap }) => TMarker;
  Geocoder: new (opts: { city?: string; radius?: number }) => TGeocoder;
  AutoComplete: new (opts: { city?: string }) => TAutoComplete;
  PlaceSearch: new (opts: { city?: string; pageSize?: number }) => TPlaceSearch;
  Geolocation: new (opts: { enableHighAccuracy?: boolean; timeout?: number }) => TGeolocation;
}
