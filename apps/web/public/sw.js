// Croupier's service worker (decision 0070). Pages are never served from a cache: a navigation always goes to
// the network, and only when the network fails does the offline page answer. Hashed build assets
// (/assets/…, immutable) are served cache-first. Everything else (the API, sockets, root files) is untouched.
const CACHE = 'croupier-v1';
const OFFLINE_URL = '/offline.html';
const PRECACHE = [OFFLINE_URL, '/icon-192.png', '/favicon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // `reload`: the copies kept are fresh from the server, not from the HTTP cache.
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** Network only; the offline page when the network fails (the HTML itself is never stored). */
async function navigate(request) {
  try {
    return await fetch(request);
  } catch {
    const offline = await caches.match(OFFLINE_URL);
    return offline || new Response('Offline', { status: 503, headers: { 'content-type': 'text/plain' } });
  }
}

/** Hashed assets never change under one name: the cached copy, else the network's (kept when it is a 200). */
async function asset(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
  } else if (url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/assets/games/')) {
    event.respondWith(asset(request));
  } else if (PRECACHE.includes(url.pathname)) {
    // The offline page's own images, while offline.
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname)));
  }
});
