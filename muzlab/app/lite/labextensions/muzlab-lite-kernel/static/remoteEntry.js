// muzlab's homework edition: a JupyterLab plugin for a lesson's page (notebooks/index.html?path=...).
// 1. It starts the lesson's kernel session as soon as the Pyodide kernel's plugin has registered the
//    kernel (it asks JupyterLab to activate that plugin, and does not wait for every other plugin:
//    JupyterLab's `started` comes 0.3-0.4 s later), through the session manager's own startNew, with the
//    path, name and kernel the notebook's session asks for. The notebook then finds that session by its
//    path and connects to it (JupyterLab's SessionContext), so the Pyodide kernel loads while the
//    notebook is being drawn instead of after it.
// 2. It runs a lesson (or a student's copy of one: its metadata names the lesson) once it is open, as
//    the Run menu's Run All does: a student sent a link finds the boards live without knowing Jupyter.
//    A notebook of the student's own runs when asked, as in JupyterLab. It connects the notebook to that
//    session as soon as the notebook's cells are loaded (JupyterLab's own call comes later, after the
//    checkpoints are listed, and gets the same promise) and runs every cell, which wait in the kernel's
//    queue while it starts, the lesson's first cell active and in view. Once the run is over, it says
//    so: `data-muz-ran` on the page's body ("to the end" or "stopped") and a "muz-lesson-ran" event.
// 3. It titles a lesson's page by the lesson's first heading, in the lesson's language (JupyterLite
//    titles every page "JupyterLite"), so that the browser's tab and a screen reader name the lesson.
// A federated extension with no shared modules: it uses only the app object.
var _JUPYTERLAB;
(function () {
  "use strict";
  const PYODIDE_KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel";
  const NOTEBOOK_FACTORY = "Notebook";

  /** The notebook panel JupyterLab makes for `path`, once the notebook's widget factory exists. */
  function notebookPanel(app, path) {
    const registry = app.docRegistry;
    return new Promise((resolve) => {
      const watch = (factory) => factory.widgetCreated.connect((_, panel) => {
        if (panel.context.path === path) {
          resolve(panel);
        }
      });
      const factory = registry.getWidgetFactory(NOTEBOOK_FACTORY);
      if (factory) {
        watch(factory);
        return;
      }
      const added = (_, change) => {
        const factory = change.type === "widgetFactory" && registry.getWidgetFactory(NOTEBOOK_FACTORY);
        if (factory) { // (the registry keeps the factories' names in lower case)
          registry.changed.disconnect(added);
          watch(factory);
        }
      };
      registry.changed.connect(added);
    });
  }

  /** Start the lesson's session (unless the page has one already) with the Pyodide kernel. */
  async function startSession(app, path) {
    await app.activatePlugin(PYODIDE_KERNEL); // (its kernel registered, the rest may still activate)
    const sessions = app.serviceManager.sessions;
    await sessions.ready;
    if (await sessions.findByPath(path)) {
      return;
    }
    const session = await sessions.startNew({
      path, name: path.split("/").pop(), type: "notebook", kernel: { name: "python" }
    });
    session.dispose(); // this connection only: the session and its kernel go on for the notebook
    document.body.dataset.muzKernel = "started early"; // (what the browser test reads)
  }

  /** The text of the notebook's first markdown heading ("1 · The honeycomb and the rules"), or null. */
  function lessonTitle(model) {
    for (let i = 0; i < model.cells.length; i++) {
      const cell = model.cells.get(i);
      const heading = cell.type === "markdown" && cell.sharedModel.getSource().match(/^#{1,2}\s+(.+)$/m);
      if (heading) {
        return heading[1].replace(/[*_`]/g, "").trim();
      }
    }
    return null;
  }

  /** Title the page `title` (unless it is null), again whenever JupyterLite writes its own title. */
  function keepTitle(title) {
    if (!title) {
      return;
    }
    const write = () => {
      if (document.title !== title) {
        document.title = title;
      }
    };
    write();
    new MutationObserver(write).observe(document.head, { childList: true, subtree: true, characterData: true });
  }

  /** Run every cell of the lesson once it is loaded and connected to the session `started` made. */
  async function runLesson(app, panel, started) {
    await Promise.all([panel.context.ready, started.catch(() => undefined)]);
    if (!panel.context.model.getMetadata("muzlab")?.lesson) { // (a lesson and a student's copy of it)
      document.body.dataset.muzNotRun = "not a lesson"; // the student's own notebook runs when asked
      return;
    }
    keepTitle(lessonTitle(panel.context.model));
    const mustChoose = await panel.sessionContext.initialize();
    if (mustChoose || !panel.sessionContext.session) {
      return; // no kernel to run on: the student chooses one, as in JupyterLab
    }
    document.body.dataset.muzRun = performance.now().toFixed(0); // (what the benchmark reads)
    const ran = app.commands.execute("notebook:run-all-cells", { semanticWidget: panel.id, activate: false });
    // Run All leaves the last cell active and scrolls to it; a student starts reading at the top. (The
    // command has already asked for its scroll: a newer scroll request cancels it.)
    const notebook = panel.content;
    notebook.activeCellIndex = 0;
    notebook.deselectAll();
    const [toTheEnd] = await Promise.all([ran, notebook.scrollToItem(0, "start").catch(() => undefined)]);
    // said to whatever reports the lesson (a SCORM package's script: muzlab/app/lite/scorm.py)
    document.body.dataset.muzRan = toTheEnd ? "to the end" : "stopped";
    window.dispatchEvent(new CustomEvent("muz-lesson-ran"));
  }

  const plugin = {
    id: "muzlab-lite-kernel:start-early",
    description: "Start the lesson's kernel while the notebook is drawn, and run the lesson once it is open.",
    autoStart: true,
    activate: (app) => {
      const path = new URLSearchParams(window.location.search).get("path");
      if (!path || !path.endsWith(".ipynb") || !/\/notebooks\/(index\.html)?$/.test(window.location.pathname)) {
        return;
      }
      const opened = notebookPanel(app, path);
      const started = startSession(app, path);
      started.catch((error) => console.warn("muzlab: the lesson's kernel was not started early", error));
      opened.then((panel) => runLesson(app, panel, started))
        .catch((error) => console.warn("muzlab: the lesson was not run as it opened", error));
    }
  };
  _JUPYTERLAB = window._JUPYTERLAB = window._JUPYTERLAB || {};
  _JUPYTERLAB["muzlab-lite-kernel"] = {
    init: () => Promise.resolve(),
    get: () => Promise.resolve(() => ({ __esModule: true, default: [plugin] }))
  };
})();
