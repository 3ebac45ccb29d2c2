// Runs the homework edition's service worker (a built unpacking.js) under node, with the browser's
// service-worker globals stood in for: a site of files in memory (fetch), Cache Storage in memory
// (caches). `node service_worker_harness.mjs WORKER SITE_JSON` reads the site's files (path -> base64),
// whether its host compresses what it sends (`compressing`: every answer says Content-Encoding: gzip, its
// body unpacked already, as the browser gives it) and a list of steps from SITE_JSON, and prints one JSON
// line: what each step saw (a HEAD request is listed as `HEAD path`).
import fs from "node:fs";
import vm from "node:vm";

const [workerPath, sitePath] = process.argv.slice(2);
const {files, steps, caches: oldCaches, compressing} = JSON.parse(fs.readFileSync(sitePath, "utf-8"));
const ROOT = "http://127.0.0.1:8000/site/";
const fetched = [];
const stores = new Map((oldCaches || []).map((name) => [name, new Map()]));

globalThis.fetch = async (input, init = {}) => {
  const url = typeof input === "string" ? input : input.url;
  const head = init.method === "HEAD";
  fetched.push(`${head ? "HEAD " : ""}${url.slice(ROOT.length)}`);
  const path = decodeURIComponent(new URL(url).pathname.slice(new URL(ROOT).pathname.length));
  if (!Object.hasOwn(files, path)) return new Response("not found", {status: 404});
  const headers = compressing ? {"Content-Encoding": "gzip"} : {};
  return new Response(head ? null : Buffer.from(files[path], "base64"), {headers});
};
globalThis.caches = {
  async open(name) {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name);
    return {
      async match(key) { return store.has(key) ? store.get(key).clone() : undefined; },
      async put(key, response) { store.set(key, response); },
    };
  },
  async keys() { return [...stores.keys()]; },
  async delete(name) { return stores.delete(name); },
};
const handlers = {};
globalThis.self = {
  location: {href: `${ROOT}unpacking.js`},
  addEventListener(type, handler) { handlers[type] = handler; },
  skipWaiting() {},
  clients: {async claim() {}},
};
// (in a function of its own, so that a step may start the worker afresh, its caches kept, as the browser
// stops an idle worker and starts it again for the next visit)
const start = () => vm.runInThisContext(`(() => {\n${fs.readFileSync(workerPath, "utf-8")}\n})();`);
start();

async function ask(path) {
  let answered = null;
  handlers.fetch({request: {url: ROOT + path, method: "GET"}, respondWith(promise) { answered = promise; }});
  if (answered === null) return {path, answered: false};
  const response = await answered;
  const body = Buffer.from(await response.arrayBuffer()).toString("base64");
  return {path, answered: true, type: response.headers.get("Content-Type"), body};
}

const seen = [];
for (const step of steps) {
  fetched.length = 0;
  if (step.activate) {
    let done;
    handlers.activate({waitUntil(promise) { done = promise; }});
    await done;
    seen.push({caches: [...stores.keys()].sort()});
  } else if (step.restart) {
    start();
    seen.push({restarted: true});
  } else if (step.change) {
    files[step.change] = step.to;
  } else {
    const answers = await Promise.all(step.ask.map(ask));
    seen.push({answers, fetched: [...fetched].sort()});
  }
}
console.log(JSON.stringify(seen));
