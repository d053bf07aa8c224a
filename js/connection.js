// Whether the visitor's connection is too slow, or metered, for downloads that only save time:
// the Python snapshot (js/pyodide-snapshot.mjs) and its share of the loading screen's count
// (js/loading.js) follow this one answer. Network Information's effective type below "4g" is
// under ~0.7 Mbit/s, where the snapshot's 6.6 MB would double the wait; Save-Data is the
// visitor asking. Its downlink figure is no guide: Chromium says 1.3 Mbit/s before it has
// measured anything. Browsers without Network Information count as fast.
const SLOW = new Set(["slow-2g", "2g", "3g"]);

export function slowConnection() {
  const connection = globalThis.navigator?.connection;
  return Boolean(connection && (connection.saveData || SLOW.has(connection.effectiveType)));
}
