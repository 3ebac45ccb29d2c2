// muzlab's homework edition: a JupyterLab plugin that starts the opened lesson's kernel session as soon
// as the Pyodide kernel's plugin has registered the kernel (it asks JupyterLab to activate that plugin,
// and does not wait for every other plugin: JupyterLab's `started` comes 0.3-0.4 s later), through the
// session manager's own startNew, with the path, name and kernel the notebook's session asks for. The
// notebook then finds that session by its path and connects to it (JupyterLab's SessionContext), so the
// Pyodide kernel loads while the notebook is being drawn instead of after it. A federated extension with
// no shared modules: it uses only the app object.
var _JUPYTERLAB;
(function () {
  "use strict";
  const PYODIDE_KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel";
  const plugin = {
    id: "muzlab-lite-kernel:start-early",
    description: "Start the lesson's kernel while the notebook is drawn.",
    autoStart: true,
    activate: (app) => {
      const path = new URLSearchParams(window.location.search).get("path");
      if (!path || !path.endsWith(".ipynb") || !/\/notebooks\/(index\.html)?$/.test(window.location.pathname)) {
        return;
      }
      const sessions = app.serviceManager.sessions;
      void (async () => {
        await app.activatePlugin(PYODIDE_KERNEL); // (its kernel registered, the rest may still activate)
        await sessions.ready;
        if (await sessions.findByPath(path)) {
          return;
        }
        const session = await sessions.startNew({
          path, name: path.split("/").pop(), type: "notebook", kernel: { name: "python" }
        });
        session.dispose(); // this connection only: the session and its kernel go on for the notebook
        document.body.dataset.muzKernel = "started early"; // (what the browser test reads)
      })().catch((error) => console.warn("muzlab: the lesson's kernel was not started early", error));
    }
  };
  _JUPYTERLAB = window._JUPYTERLAB = window._JUPYTERLAB || {};
  _JUPYTERLAB["muzlab-lite-kernel"] = {
    init: () => Promise.resolve(),
    get: () => Promise.resolve(() => ({ __esModule: true, default: [plugin] }))
  };
})();
