// The homework edition's staff: verovio's WebAssembly, shipped in the site, draws the MEI muzlab
// writes (muzlab.views.mei) as SVG in the page. The toolkit is loaded once per page, on the first
// staff: verovio.mjs, and its module (7.3 MB, the WebAssembly inside) shipped gzipped, unpacked here
// (unless the host already unpacked it), both read as bytes and imported from the page's memory.
// `data-muz-staff` says "drawn" once the SVG is in.
let toolkit = null;

function siteRoot() {
  // JupyterLite's pages carry their settings, the site's root (baseUrl) among them, in this element
  const config = document.getElementById("jupyter-config-data");
  const base = config ? JSON.parse(config.textContent).baseUrl : null;
  return new URL(base || "./", location.href);
}

async function moduleSource(url) {
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new Blob([bytes]);  // sent unpacked
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).blob();
}

async function imported(source) {
  // a module imported from the page's memory: it loads whatever type the host sent its file as (an LMS
  // may send .mjs as "document/unknown", which a browser does not import)
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  try {
    return await import(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}

function loadToolkit() {
  toolkit = toolkit || (async () => {
    const root = siteRoot();
    const { VerovioToolkit } = await imported(await moduleSource(new URL("verovio/verovio.mjs", root)));
    const createVerovioModule = (await imported(await moduleSource(new URL("verovio/verovio-module.mjs.gz",
                                                                             root)))).default;
    return new VerovioToolkit(await createVerovioModule());
  })();
  return toolkit;
}

function render({ model, el }) {
  el.classList.add("muz-verovio");
  const draw = async () => {
    const mei = model.get("mei");
    el.style.width = model.get("width");
    if (!mei) {
      el.replaceChildren();
      delete el.dataset.muzStaff;
      return;
    }
    try {
      const tk = await loadToolkit();
      if (model.get("mei") !== mei) return;  // another staff was asked for meanwhile
      const options = model.get("options");
      tk.setOptions(options);
      tk.resetXmlIdSeed(options.xmlIdSeed || 1);
      tk.loadData(mei);
      el.innerHTML = tk.renderToSVG(1);
      const svg = el.querySelector("svg");
      if (svg) {
        svg.style.width = "100%";
        svg.style.height = "auto";
      }
      el.dataset.muzStaff = "drawn";
    } catch (error) {
      el.dataset.muzStaff = "failed";
      console.error("muzlab: verovio could not draw the staff", error);
    }
  };
  model.on("change:mei", draw);
  model.on("change:width", draw);
  draw();
}

export default { render };
