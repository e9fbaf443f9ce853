import type { BrowserContext } from 'playwright-core';

/**
 * A stand-in for AMap JS API 2.0, served at the API's own address (https://webapi.amap.com/maps?…) by a route of the
 * browser context: the journeys have no network, and the app's one loader (apps/web/src/ui/map/amapLoader.ts) runs
 * unchanged, the page's policy included. It has the part of the API the app uses: a map that hears clicks (a click
 * at a pixel is a point ~1 m a pixel from the centre), markers, place tips and search over PLACES, reverse geocoding
 * to the nearest of PLACES, and a geolocation that answers the first place.
 */
export const AMAP_STANDIN_KEY = {
  AMAP_KEY: 'e2e0standin0key00000000000000000',
  AMAP_SECURITY_CODE: 'e2e0standin0code0000000000000000',
};

/** The places the stand-in knows: real GCJ-02 points with AMap's adcode and formatted address. */
export const PLACES = [
  {
    id: 'B0STANDIN1',
    name: '观前街',
    district: '江苏省苏州市姑苏区',
    lng: 120.628373,
    lat: 31.311828,
    province: '江苏省',
    city: '苏州市',
    area: '姑苏区',
    adcode: '320508',
    address: '江苏省苏州市姑苏区平江街道观前街',
  },
  {
    id: 'B0STANDIN2',
    name: '深圳湾科技生态园',
    district: '广东省深圳市南山区',
    lng: 113.946213,
    lat: 22.527734,
    province: '广东省',
    city: '深圳市',
    area: '南山区',
    adcode: '440305',
    address: '广东省深圳市南山区粤海街道科苑南路深圳湾科技生态园',
  },
] as const;

const SCRIPT = `(function () {
  var PLACES = ${JSON.stringify(PLACES)};
  function LngLat(lng, lat) { this.lng = lng; this.lat = lat; }
  LngLat.prototype.getLng = function () { return this.lng; };
  LngLat.prototype.getLat = function () { return this.lat; };
  var pt = function (p) { return Array.isArray(p) ? new LngLat(p[0], p[1]) : p; };
  function Map(container, opts) {
    var self = this;
    this.container = container;
    this.center = pt(opts.center);
    this.zoom = opts.zoom;
    this.handlers = [];
    var el = document.createElement('div');
    el.className = 'amap-standin';
    el.setAttribute('data-zoom', String(opts.zoom));
    el.style.cssText = 'position:absolute;inset:0;background:#dfe8d8;cursor:crosshair';
    container.style.position = 'relative';
    container.appendChild(el);
    this.el = el;
    this.show();
    el.addEventListener('click', function (e) {
      var r = el.getBoundingClientRect();
      var x = e.clientX - r.left - r.width / 2, y = e.clientY - r.top - r.height / 2;
      var p = new LngLat(+(self.center.lng + x * 1e-5).toFixed(6), +(self.center.lat - y * 1e-5).toFixed(6));
      self.handlers.forEach(function (h) { h({ lnglat: p }); });
    });
  }
  Map.prototype.show = function () { this.el.setAttribute('data-center', this.center.lng + ',' + this.center.lat); };
  Map.prototype.on = function (name, h) { if (name === 'click') this.handlers.push(h); };
  Map.prototype.setCenter = function (c) { this.center = pt(c); this.show(); };
  Map.prototype.setZoomAndCenter = function (z, c) { this.zoom = z; this.setCenter(c); };
  Map.prototype.destroy = function () { this.el.remove(); };
  function Marker(opts) { this.el = document.createElement('div'); this.el.className = 'amap-standin-marker'; this.el.style.cssText = 'position:absolute;left:50%;top:50%;width:12px;height:12px;margin:-6px;border-radius:6px;background:#d4380d'; this.setPosition(opts.position); if (opts.map) this.setMap(opts.map); }
  Marker.prototype.setPosition = function (p) { p = pt(p); this.el.setAttribute('data-position', p.lng + ',' + p.lat); };
  Marker.prototype.setMap = function (m) { if (m) m.el.appendChild(this.el); else this.el.remove(); };
  var nearest = function (p) {
    return PLACES.slice().sort(function (a, b) { return Math.hypot(a.lng - p.lng, a.lat - p.lat) - Math.hypot(b.lng - p.lng, b.lat - p.lat); })[0];
  };
  var later = function (f) { setTimeout(f, 30); };
  var matching = function (k) { return PLACES.filter(function (p) { return p.name.indexOf(k) >= 0 || k.indexOf(p.name) >= 0; }); };
  function Geocoder() {}
  Geocoder.prototype.getAddress = function (p, cb) {
    var n = nearest(pt(p));
    later(function () { cb('complete', { regeocode: { formattedAddress: n.address, addressComponent: { province: n.province, city: n.city, district: n.area, adcode: n.adcode } } }); });
  };
  function AutoComplete() {}
  AutoComplete.prototype.search = function (k, cb) {
    var tips = matching(k).map(function (p) { return { id: p.id, name: p.name, district: p.district, adcode: p.adcode, address: '', location: new LngLat(p.lng, p.lat) }; });
    later(function () { cb(tips.length ? 'complete' : 'no_data', { tips: tips }); });
  };
  function PlaceSearch() {}
  PlaceSearch.prototype.search = function (k, cb) {
    var pois = matching(k).map(function (p) { return { name: p.name, location: new LngLat(p.lng, p.lat) }; });
    later(function () { cb(pois.length ? 'complete' : 'no_data', { poiList: { pois: pois } }); });
  };
  function Geolocation() {}
  Geolocation.prototype.getCurrentPosition = function (cb) {
    later(function () { cb('complete', { position: new LngLat(PLACES[0].lng, PLACES[0].lat) }); });
  };
  window.AMap = { Map: Map, Marker: Marker, LngLat: LngLat, Geocoder: Geocoder, AutoComplete: AutoComplete, PlaceSearch: PlaceSearch, Geolocation: Geolocation, plugin: function (n, cb) { cb(); } };
  window.__amapStandin = { security: window._AMapSecurityConfig, src: document.currentScript && document.currentScript.src };
  var cb = /[?&]callback=([^&]+)/.exec((document.currentScript && document.currentScript.src) || '');
  if (cb && typeof window[cb[1]] === 'function') window[cb[1]]();
})();`;

/** Serves the stand-in at AMap's script address for every page of `context` (and nothing else of AMap's). */
export async function serveAMapStandIn(context: BrowserContext) {
  await context.route('https://webapi.amap.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body: SCRIPT }),
  );
}
