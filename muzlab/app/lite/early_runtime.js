// muzlab's homework edition: a lesson's Python started with its page, before JupyterLab asks for it
// (muzlab/app/lite/early_runtime.py puts this at the top of the lesson's page, EARLY filled in by the build).
// It makes the Pyodide kernel's own worker as the page opens and asks it, in comlink's messages, to
// initialize with the options the kernel will ask for, then to import what the lessons import. When the
// kernel makes its worker, it is given this one (once), and its initialize is answered when the early one
// is done; if it asks for other options, its initialize goes to the worker after the early one. On a
// browser's first visit with this runtime, nothing starts early.
(() => {
  const path = new URLSearchParams(location.search).get("path");
  if (!path || !path.endsWith(".ipynb") || typeof Worker !== "function" || self.crossOriginIsolated) return;
  const EARLY = /* EARLY */;
  const here = location.href;
  const url = new URL(EARLY.worker, here).href;
  const kernelStatic = new URL(EARLY.kernelStatic, here).href;
  const pyodideUrl = new URL(EARLY.settings.pyodideUrl, here).href;
  // the options the Pyodide kernel sends its worker's initialize (its initRemoteOptions)
  const options = {
    baseUrl: new URL(EARLY.root, here).href, pyodideUrl,
    indexUrl: pyodideUrl.slice(0, pyodideUrl.lastIndexOf("/") + 1),
    pipliteWheelUrl: new URL(EARLY.settings.pipliteWheelUrl || EARLY.pipliteWheel, kernelStatic).href,
    // (JupyterLite's config-utils resolves these against the folder of the jupyter-lite.json naming them)
    pipliteUrls: [...(EARLY.settings.pipliteUrls || []).map((u) => new URL(u, new URL(EARLY.root, here)).href),
                  new URL("pypi/all.json", kernelStatic).href],
    disablePyPIFallback: !!EARLY.settings.disablePyPIFallback,
    location: path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "",
    mountDrive: false, loadPyodideOptions: EARLY.settings.loadPyodideOptions || {},
  };
  const COMPARED = ["baseUrl", "pyodideUrl", "indexUrl", "pipliteWheelUrl", "pipliteUrls",
                    "disablePyPIFallback", "location", "mountDrive", "loadPyodideOptions"];
  const differing = (asked) => COMPARED.filter(
    (key) => JSON.stringify((asked || {})[key]) !== JSON.stringify(options[key]));
  const INIT = "muz-early-initialize", IMPORTS = "muz-early-imports";
  const NativeWorker = window.Worker;
  const mark = (word) => { document.documentElement.dataset.muzEarlyRuntime = word; }; // (the tests read it)
  // Only where this browser has loaded this runtime before: on a first visit, its download and its
  // compilation would take the page's processor time while JupyterLab loads (a cold visit came later), so
  // JupyterLab starts the kernel as usual, and the page notes that the runtime has been asked for.
  let seen = false;
  try {
    seen = localStorage.getItem(EARLY.seenKey) === EARLY.runtime;
  } catch (error) { // (no storage: every visit is a first one)
  }
  if (!seen) {
    mark("first visit");
    window.Worker = new Proxy(NativeWorker, {
      construct(target, args, newTarget) {
        if (String(args[0]) === url) {
          try { localStorage.setItem(EARLY.seenKey, EARLY.runtime); } catch (error) { /* (as above) */ }
        }
        return Reflect.construct(target, args, newTarget);
      },
    });
    return;
  }
  const worker = new NativeWorker(url, {type: "module"});
  const held = []; // what the worker says before the kernel listens (its log), given to the kernel then
  let taken = false, initialized, imported;
  const done = new Promise((resolve) => { initialized = resolve; });
  worker.addEventListener("message", (event) => {
    const data = event.data;
    if (data && data.id === INIT) {
      initialized(data);
      if (data.type === "RAW") {
        worker.postMessage({id: IMPORTS, type: "APPLY", path: ["_pyodide", "runPythonAsync"],
                            argumentList: [{type: "RAW", value: EARLY.imports}]});
      }
    } else if (data && data.id === IMPORTS) {
      imported = data.type === "RAW" ? "imported" : "not imported";
      document.documentElement.dataset.muzEarlyImports = imported;
    } else if (!taken && data && !data.id) {
      held.push(data);
    }
  });
  worker.postMessage({id: INIT, type: "APPLY", path: ["initialize"],
                      argumentList: [{type: "RAW", value: options}]});
  mark("started");
  const unclaimed = setTimeout(() => { if (!taken) { taken = true; worker.terminate(); mark("unused"); } },
                               EARLY.keepUntaken);
  window.Worker = new Proxy(NativeWorker, {
    construct(target, args, newTarget) {
      if (taken || String(args[0]) !== url) return Reflect.construct(target, args, newTarget);
      taken = true;
      clearTimeout(unclaimed);
      const send = worker.postMessage.bind(worker);
      let asked = false;
      worker.postMessage = (message, ...rest) => {
        const init = !asked && message && message.type === "APPLY"
          && Array.isArray(message.path) && message.path.join(".") === "initialize";
        if (!init) return send(message, ...rest);
        asked = true;
        const wanted = message.argumentList && message.argumentList[0] && message.argumentList[0].value;
        const differ = differing(wanted);
        if (differ.length === 0) {
          mark("taken");
          done.then((reply) => worker.dispatchEvent(new MessageEvent("message", {data: {...reply, id: message.id}})));
        } else {
          mark("started again");
          console.warn("muzlab: the kernel asked for other options than the early start's, so it starts again:",
                       differ.map((key) => `${key} ${JSON.stringify(wanted[key])}, not ${JSON.stringify(options[key])}`).join("; "));
          done.then(() => send(message, ...rest));
        }
      };
      setTimeout(() => held.splice(0).forEach((data) => worker.dispatchEvent(new MessageEvent("message", {data}))));
      return worker;
    },
  });
})();
