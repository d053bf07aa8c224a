// Offline support for a static PyScript site: precache the files build_site.py lists, answer
// same-origin GETs cache-first, leave every other request to the browser.
importScripts("./build/sw-manifest.js"); // defines self.SITE_VERSION and self.SITE_FILES

// Cache names are per origin: the scope keeps sites under different paths apart.
const PREFIX = `site:${self.registration.scope}:`;
const CACHE = PREFIX + self.SITE_VERSION;

// "no-cache" revalidates with the server, so a stale HTTP-cached file never enters a new
// version's cache while unchanged files cost only a 304. A failed fetch is tried again: one
// dropped connection should not cost the visitor offline play.
async function precache(cache, url, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(new Request(url, { cache: "no-cache" }));
      if (!response.ok) {
        throw new Error(`${url}: HTTP ${response.status}`);
      }
      // A host may redirect (say /embed.html -> /embed); a page must not be answered with a
      // redirected response, so keep only the final body and headers.
      const stored = response.redirected ? new Response(await response.blob(), response) : response;
      return await cache.put(url, stored);
    } catch (error) {
      if (attempt >= attempts) {
        throw error;
      }
    }
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // All or nothing: if a file stays missing, install fails and the old version stays.
      await Promise.all(self.SITE_FILES.map((url) => precache(cache, url)));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keys = await caches.keys();
      await Promise.all(
        keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // A page URL may carry a query (?seed=…); the cached page is the same.
      const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
      return hit ?? fetch(request);
    })(),
  );
});
