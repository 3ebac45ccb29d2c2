// The homework edition's service worker (unpacking.js, at the site's root, its scope the whole site). The
// site's largest files (the WebAssembly runtime, JupyterLab's largest scripts) are shipped also gzipped
// beside themselves (FILE.gz), for hosts that compress nothing (`python -m http.server`, a school's
// plain file server). Asked for such a script, this worker first asks the host (a HEAD request) whether
// it sends the file compressed itself (Content-Encoding), as static hosts and the edition's server do:
// then the browser fetches it as it would without a worker, and its HTTP cache keeps the script and V8's
// compiled code for it, so that later visits neither fetch nor compile JupyterLab's core script again
// (Chromium keeps no compiled code for a script a worker answers from its Cache Storage). Otherwise, and
// for the WebAssembly runtime always, the worker answers from its Cache Storage; the first time, it
// fetches FILE.gz, unpacks it (DecompressionStream), checks the unpacked bytes against the sha256 the
// build wrote here, keeps them under the file's own URL with the file's type (application/wasm: the
// browser compiles the runtime as it streams, and keeps the compiled runtime beside it in Cache Storage,
// so a later visit asks the host nothing about it), and answers from the cache. What the host answered is
// kept too (a response of no body carrying SENT_COMPRESSED), so the host is asked once. Whatever goes
// wrong, the file is fetched as it is.
const PACKED = /* PACKED */;
const CACHE_PREFIX = "muzlab-lite-unpacked-";
const CACHE = CACHE_PREFIX + /* VERSION */;
const ROOT = new URL("./", self.location.href);
const unpacking = new Map(); // a file's unpacking under way, shared by the requests that ask for it
// The header of what is kept for a file the host sends compressed itself: its Content-Encoding.
const SENT_COMPRESSED = "X-Muzlab-Sent-Compressed";
const passed = new Set(); // the scripts the host sends compressed, found so far: left to the browser

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
  if (Object.hasOwn(PACKED, path) && !passed.has(path)) event.respondWith(answer(event.request, path));
});

async function answer(request, path) {
  try {
    const cache = await caches.open(CACHE);
    const key = new URL(path, ROOT).href;
    let kept = await cache.match(key);
    if (kept === undefined) {
      if (!unpacking.has(path)) {
        unpacking.set(path, toKeep(path).then((response) => cache.put(key, response))
          .finally(() => unpacking.delete(path)));
      }
      await unpacking.get(path);
      kept = await cache.match(key);
    }
    if (kept !== undefined && kept.headers.has(SENT_COMPRESSED)) {
      passed.add(path);
      return fetch(request);
    }
    if (kept !== undefined) return kept;
  } catch (error) {
    console.warn(`muzlab: ${path} fetched as it is (${error})`);
  }
  return fetch(request);
}

// What the cache keeps for a file: a note that the host sends the script compressed, else the file unpacked.
async function toKeep(path) {
  if (PACKED[path].type !== "application/wasm") { // (the runtime's compiled code is kept from here too)
    const asked = await fetch(new URL(path, ROOT).href, {method: "HEAD", cache: "no-store"});
    const encoding = asked.headers.get("Content-Encoding");
    if (asked.ok && encoding !== null && encoding !== "identity") {
      return new Response(null, {headers: {[SENT_COMPRESSED]: encoding}});
    }
  }
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
