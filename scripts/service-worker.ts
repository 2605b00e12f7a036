import { createHash } from 'node:crypto';
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

/** The files every page needs besides the code: with them cached, a repeat visit shows the app without the network. */
const shellFiles = ['/index.html', '/logo.svg', '/favicon.svg', '/manifest.webmanifest'];

/**
 * The service worker's script, as text: the page never imports it, and it must sit at the site's
 * root to control every address. Its rules, in order:
 * - `/api/` is never touched: balances and statements always come from the server, never a cache.
 * - a page (a navigation) answers the cached shell at once and refreshes it in the background, so
 *   a repeat visit on a bad link shows the app while the network is still trying;
 * - `/assets/` (content-hashed, never changed) answers from the cache, all of it fetched at install;
 * - other static files answer from the cache and are refreshed behind it.
 * The version is the hash of every built file's name, and file names carry their content's hash:
 * a new deploy is a new script, which the browser installs, and which deletes the old caches.
 */
export function serviceWorkerSource(version: string, precache: string[]): string {
  return `// Built by scripts/service-worker.ts; do not edit.
const version = ${JSON.stringify(version)};
const cacheName = 'padma-shell-' + version;
const precache = ${JSON.stringify(precache)};

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(cacheName).then((cache) => cache.addAll(precache)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('padma-shell-') && name !== cacheName).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function fromNetworkIntoCache(request, key) {
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    const cache = await caches.open(cacheName);
    await cache.put(key, response.clone());
  }
  return response;
}

async function shell(event) {
  const cached = await caches.match('/index.html');
  const refreshed = fromNetworkIntoCache(new Request('/index.html', { cache: 'no-cache' }), '/index.html');
  if (cached) {
    event.waitUntil(refreshed.catch(() => undefined));
    return cached;
  }
  return fetch(event.request).catch(() => refreshed);
}

async function cacheFirst(event, refresh) {
  const cached = await caches.match(event.request);
  if (cached) {
    if (refresh) event.waitUntil(fromNetworkIntoCache(event.request, event.request).catch(() => undefined));
    return cached;
  }
  return fromNetworkIntoCache(event.request, event.request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname === '/sw.js') return;
  if (request.mode === 'navigate') {
    event.respondWith(shell(event));
    return;
  }
  event.respondWith(cacheFirst(event, !url.pathname.startsWith('/assets/')));
});
`;
}

/**
 * Every script and style sheet of the build (about 300 kB compressed, fetched once after the first
 * page has loaded): a later page opened without a network finds its code too, not only the first one.
 */
function codeFiles(bundle: OutputBundle): string[] {
  return Object.keys(bundle)
    .filter((fileName) => fileName.startsWith('assets/') && /\.(js|css)$/.test(fileName))
    .sort()
    .map((fileName) => `/${fileName}`);
}

/** Writes `sw.js` at the root of the build, versioned by the build's file names. */
export function serviceWorker(): Plugin {
  return {
    name: 'bank:service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const names = Object.keys(bundle).sort();
      const version = createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 16);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource(version, [...shellFiles, ...codeFiles(bundle)]) });
    },
  };
}
