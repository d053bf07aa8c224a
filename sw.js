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
      const hit =
        request.mode === "navigate" ? await cachedPage(cache, request) : await cache.match(request);
      return hit ?? fetch(request);
    })(),
  );
});

// A page is reachable under several addresses: "./" and "./index.html" are one page, and a
// host with pretty URLs (Netlify) serves "embed.html" as "embed" too. A query (?seed=…) or a
// fragment does not change the page. Each page is cached once, under the name in SITE_FILES.
async function cachedPage(cache, request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  const path = url.pathname;
  const tries = [url.href];
  if (path.endsWith("/")) {
    tries.push(url.href + "index.html");
  } else if (path.endsWith("/index.html")) {
    tries.push(url.href.slice(0, -"index.html".length));
  } else if (path.endsWith("/index")) {
    tries.push(url.href.slice(0, -"index".length));
  } else if (!path.split("/").pop().includes(".")) {
    tries.push(url.href + ".html");
  }
  for (const address of tries) {
    const hit = await cache.match(address);
    if (hit) {
      return hit;
    }
  }
  return undefined;
}
