// The homework edition's service worker (unpacking.js, at the site's root, its scope the whole site). The
// site's largest files (the WebAssembly runtime, JupyterLab's largest scripts) are shipped also gzipped
// beside themselves (FILE.gz), for hosts that compress nothing (`python -m http.server`, a school's
// plain file server). Asked for such a file, this worker answers from its Cache Storage; the first time,
// it fetches FILE.gz, unpacks it (DecompressionStream), checks the unpacked bytes against the sha256 the
// build wrote here, keeps them under the file's own URL with the file's type (application/wasm, so the
// browser compiles the runtime as it streams), and answers from the cache: a response taken from Cache
// Storage lets Chromium keep the compiled code beside it (V8's code cache), so later visits neither
// fetch nor compile the runtime again. Whatever goes wrong, the file is fetched as it is.
const PACKED = /* PACKED */;
const CACHE_PREFIX = "muzlab-lite-unpacked-";
const CACHE = CACHE_PREFIX + /* VERSION */;
const ROOT = new URL("./", self.location.href);
const unpacking = new Map(); // a file's unpacking under way, shared by the requests that ask for it

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // an older build's unpacked files go: their URLs may name other contents now
    for (const name of await caches.keys()) {
      if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim(); // a lesson opened before this worker was active is answered too
  })());
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== ROOT.origin
      || !url.pathname.startsWith(ROOT.pathname)) return;
  const path = decodeURIComponent(url.pathname.slice(ROOT.pathname.length));
  if (Object.hasOwn(PACKED, path)) event.respondWith(answer(event.request, path));
});

async function answer(request, path) {
  try {
    const cache = await caches.open(CACHE);
    const key = new URL(path, ROOT).href;
    let kept = await cache.match(key);
    if (kept === undefined) {
      if (!unpacking.has(path)) {
        unpacking.set(path, unpacked(path).then((response) => cache.put(key, response))
          .finally(() => unpacking.delete(path)));
      }
      await unpacking.get(path);
      kept = await cache.match(key);
    }
    if (kept !== undefined) return kept;
  } catch (error) {
    console.warn(`muzlab: ${path} fetched as it is (${error})`);
  }
  return fetch(request);
}

async function unpacked(path) {
  const packed = await fetch(new URL(`${path}.gz`, ROOT).href, {cache: "no-cache"});
  if (!packed.ok) throw new Error(`${path}.gz: HTTP ${packed.status}`);
  let bytes = new Uint8Array(await packed.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) { // (a host that labels .gz as an encoding has it unpacked)
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  if (hex !== PACKED[path].sha256) throw new Error(`${path}.gz is not the file this site was built with`);
  return new Response(bytes, {headers: {"Content-Type": PACKED[path].type,
                                        "Content-Length": String(bytes.length)}});
}
