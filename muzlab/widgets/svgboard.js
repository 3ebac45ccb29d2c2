// The muzlab board in the page: the SVG that Python drew (muzlab.views.svg plus an interaction layer),
// clicks and keys sent back to Python as messages, a focus ring moved with the arrow keys.
// It decides nothing: Python says what is lit, what each cell's tooltip says and, in the reader's
// language, the sentences around the board (the model's `words`, and the page's own `html`).

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

// A new picture changes only the elements whose markup changed. Python writes the SVG one element to a
// line (a group's opening and closing tags on lines of their own), so a line is an element's whole
// markup: an element whose line is unchanged is kept as it is, a new line is parsed, a line gone is
// removed. Replacing the whole picture made every page parse, style, lay out and paint all of it again.

/** The picture's lines as a tree: the root `{line, items}` (its opening tag and what it holds), each item
 * `{line, items}` for a group and `{line}` for any other element; null when the text is not one element
 * to a line (then it is drawn whole). */
function lineTree(text) {
  const lines = text.split("\n").filter((line) => line);
  const head = lines[0], end = lines.pop();
  if (!head || !head.startsWith("<svg") || !head.endsWith(">") || end !== "</svg>") return null;
  const root = { line: head, items: [] }, open = [root];
  for (const line of lines.slice(1)) {
    if (line === "</g>") {
      if (open.length === 1) return null;
      open.pop();
    } else if (/^<g[\s>]/.test(line) && line.endsWith(">") && !line.endsWith("/>")) {
      const group = { line, items: [] };
      open[open.length - 1].items.push(group);
      open.push(group);
    } else {
      const tag = /^<([\w:-]+)/.exec(line);
      if (!tag || !(line.endsWith("/>") || line.endsWith(`</${tag[1]}>`))) return null;
      open[open.length - 1].items.push({ line });
    }
  }
  return open.length === 1 ? root : null;
}

/** The markup of an item, a group with all it holds. */
const markup = (item) => (item.items ? `${item.line}${item.items.map(markup).join("")}</g>` : item.line);

/** The SVG elements that `markup` writes, parsed (an unclosed opening tag gives its element alone). */
function parsed(markup) {
  const template = document.createElement("template");
  template.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg">${markup}</svg>`;
  return [...template.content.firstElementChild.children];
}

/** Ties each item of `tree` to the element drawn for it under `parent`; false if they do not match. */
function bind(parent, items) {
  const elements = parent.children;
  if (elements.length !== items.length) return false;
  return items.every((item, i) => {
    item.node = elements[i];
    return !item.items || bind(item.node, item.items);
  });
}

/** What an item is matched by: a group by its class (its own attributes are set when they change),
 * any other element by its whole line. */
const itemKey = (item) => (item.items ? `<g ${/class="[^"]*"/.exec(item.line) || item.line}` : item.line);

/** Makes `parent`'s elements those of `items`, keeping the elements of unchanged lines (`olds`, except
 * those `changed` in the page since they were drawn), parsing the new lines and removing the rest; false
 * if a new group's elements could not be tied to its lines (the picture is right, but drawn whole next). */
function reconcile(parent, olds, items, changed) {
  const byKey = new Map();
  for (const old of olds) {
    if (changed.has(old.node)) continue;
    const key = itemKey(old), same = byKey.get(key);
    if (same) same.push(old);
    else byKey.set(key, [old]);
  }
  const kept = new Set(), fresh = [];
  let tied = true;
  for (const item of items) {
    const old = byKey.get(itemKey(item))?.shift();
    if (!old) {
      fresh.push(item);
      continue;
    }
    item.node = old.node;
    kept.add(old.node);
    if (!item.items) continue;
    if (item.line !== old.line) setAttributes(item.node, item.line);
    tied = reconcile(item.node, old.items, item.items, changed) && tied;
  }
  for (const old of olds) if (!kept.has(old.node)) old.node.remove();
  if (fresh.length) {
    parsed(fresh.map(markup).join("")).forEach((node, i) => {
      fresh[i].node = node;
      if (fresh[i].items) tied = bind(node, fresh[i].items) && tied;
    });
  }
  let next = parent.firstElementChild;
  for (const item of items) {
    if (item.node === next) next = next.nextElementSibling;
    else parent.insertBefore(item.node, next);
  }
  return tied;
}

/** Gives `element` the attributes its opening tag gives it (the root's style is the page's own). */
function setAttributes(element, openingTag) {
  const [wanted] = parsed(openingTag);
  for (const { name, value } of wanted.attributes) {
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
  for (const name of element.getAttributeNames()) {
    if (name !== "style" && !wanted.hasAttribute(name)) element.removeAttribute(name);
  }
}

function render({ model, el }) {
  el.classList.add("muz-board");
  const frame = document.createElement("div");
  frame.className = "muz-frame";
  frame.tabIndex = 0;
  frame.setAttribute("role", "application");
  frame.setAttribute("data-lm-suppress-shortcuts", "true"); // JupyterLab's own keys stay outside
  const tip = document.createElement("div");
  tip.className = "muz-tip";
  tip.setAttribute("aria-live", "polite");
  // a touch screen (no pointer that can hover) taps; a mouse points
  const touch = window.matchMedia && window.matchMedia("(hover: none) and (pointer: coarse)").matches;
  const words = () => model.get("words") || {};
  let idleText = "";  // the line under the board while no cell is pointed at, as last shown
  const idle = () => (el.classList.contains("muz-capped") ? `${words().capped || ""} ` : "")
    + ((touch ? words().tap : words().point) || "");
  const showIdle = () => { tip.textContent = idleText = idle(); };
  const label = () => frame.setAttribute("aria-label", words().label || "");
  label();
  showIdle();
  // the page's own HTML drawn with the board (the model's `html`), placed by the page's CSS
  const text = document.createElement("div");
  text.className = "muz-board-text";
  const showText = () => { text.innerHTML = model.get("html") || ""; };
  showText();
  // The game's news (the model's `news`, told again each time `told` counts up): a polite live region
  // of its own, apart from the tips, so that a screen reader says each event once, in order.
  const news = document.createElement("div");
  news.className = "muz-news";
  news.setAttribute("role", "status");
  news.setAttribute("aria-live", "polite");
  news.setAttribute("aria-atomic", "true");
  const newsLabel = () => news.setAttribute("aria-label", words().news || "");
  newsLabel();
  let toldShown = model.get("told") || 0;  // news told before the page drew the board is not said again
  const tell = () => {
    const told = model.get("told") || 0;
    if (told === toldShown) return;
    toldShown = told;
    const said = model.get("news") || "";
    if (news.textContent === said) {  // the same words again (a refusal repeated): said again
      news.textContent = "";
      requestAnimationFrame(() => { news.textContent = said; });
    } else news.textContent = said;
  };
  el.append(text, frame, tip, news);
  let drawn = null;   // the picture shown (`lineTree`, each item tied to its element), if drawn by lines
  let changed = new WeakSet(); // elements the page changed since they were drawn (a tooltip fetched)
  let focus = null;   // "q,r" of the focused cell
  let anchorY = null; // the row a run of left/right moves keeps to

  const cellElement = (cell) => frame.querySelector(`.muz-layer .muz-cell[data-cell="${cell}"]`);
  let hovered = null;  // "q,r" of the cell under the pointer
  const tipOf = (element) => {
    // a refusal is worded by the rules in Python, on demand: asked once for each cell of a picture
    const layer = element && element.closest(".muz-layer");
    if (layer && layer.dataset.ask && !("ownTip" in element.dataset) && !changed.has(element)) {
      changed.add(element); // (its tooltip is no longer what its line in the picture says)
      send({ event: "tip", cell: element.dataset.cell });
    }
    const title = element && element.querySelector("title");
    return title ? title.textContent : "";
  };

  function showFocus() {
    for (const ring of frame.querySelectorAll(".muz-focus")) ring.remove();
    const element = focus && cellElement(focus);
    if (!element) return;
    frame.dataset.focus = focus;
    for (const css of ["muz-focus-outer", "muz-focus"]) {
      const ring = document.createElementNS("http://www.w3.org/2000/svg", "polygon");
      ring.setAttribute("points", element.getAttribute("points"));
      ring.setAttribute("class", css === "muz-focus" ? "muz-focus" : "muz-focus muz-focus-outer");
      ring.setAttribute("pointer-events", "none");
      element.parentNode.appendChild(ring);
    }
    tip.textContent = tipOf(element);
  }

  // The room the window leaves the board: from the board's top to the window's bottom, less what the
  // board shows under it (the line under the board, and the page's own words when its CSS places them
  // there). Measured again when the window or the page above the board changes.
  function measure() {
    const box = frame.getBoundingClientRect();
    if (!box.width && !box.height && !frame.offsetParent) return; // a hidden tab: measured when shown
    // the board's top in the page, however far the page (or a box holding it, as in Voilà) is scrolled
    let top = box.top;
    for (let node = frame.parentElement; node; node = node.parentElement) top += node.scrollTop || 0;
    let bottom = box.bottom;
    for (const part of [tip, ...text.children]) {
      const shown = part.getBoundingClientRect();
      if (shown.height && shown.top >= box.bottom - 1) bottom = Math.max(bottom, shown.bottom);
    }
    const below = bottom - box.bottom + 12;
    const room = Math.max(200, window.innerHeight - Math.round(top + below));
    el.style.setProperty("--muz-room", `${room}px`);
    // a Size the window cannot hold is drawn as large as it can, and the line under the board says so
    const svg = frame.querySelector("svg");
    const wanted = svg ? parseFloat(svg.getAttribute("height")) * (model.get("scale") || 1) : 0;
    const capped = model.get("fit") === "window" && wanted > room + 0.5;
    el.classList.toggle("muz-capped", capped);
    if (tip.textContent === idleText) showIdle();
  }

  /** Shows the model's picture: only its changed lines when the picture shown is drawn by lines. */
  function show(text) {
    const tree = lineTree(text);
    const svg = frame.firstElementChild;
    for (const ring of frame.querySelectorAll(".muz-focus")) ring.remove();
    if (tree && drawn && svg === drawn.node && svg.nextElementSibling === null) {
      if (tree.line !== drawn.line) setAttributes(svg, tree.line);
      tree.node = reconcile(svg, drawn.items, tree.items, changed) ? svg : null;
    } else {
      frame.innerHTML = text;
      if (tree && !bind(frame, [tree])) tree.node = null;
    }
    drawn = tree && tree.node ? tree : null;
    changed = new WeakSet();
  }

  function draw() {
    show(model.get("svg") || "");
    const svg = frame.querySelector("svg");
    if (!svg) return;
    const scale = model.get("scale") || 1;
    const width = parseFloat(svg.getAttribute("width")), height = parseFloat(svg.getAttribute("height"));
    const fixed = `${(height * scale).toFixed(1)}px`;
    const fit = model.get("fit");
    // The viewBox scales the picture; one side is set and the other follows the aspect ratio.
    svg.style.aspectRatio = `${width} / ${height}`;
    if (fit === "none") {
      // a notebook's board: its size, or narrower where its cell is (a phone, a page zoomed to 400 %)
      svg.style.width = `${(width * scale).toFixed(1)}px`;
      svg.style.maxWidth = "100%";
      svg.style.height = "auto";
    } else {
      svg.style.width = "auto";
      svg.style.maxWidth = "none";
      // a board bounded by the window is also never wider than it (a phone held upright)
      const across = `calc((100vw - 24px) * ${(height / width).toFixed(4)})`;
      svg.style.height = fit === "fill" ? `min(var(--muz-room), ${across})`
        : `min(${fixed}, var(--muz-room), ${across})`;
    }
    el.style.setProperty("--muz-scale", scale);
    if (fit !== "none") measure();
    if (focus && document.activeElement === frame) showFocus();
  }

  function send(message) {
    model.send(message);
  }

  function move(dx, dy) {
    const cells = [...frame.querySelectorAll(".muz-layer .muz-cell")];
    if (!cells.length) return;
    const here = focus && cellElement(focus);
    if (!here) {
      const layer = frame.querySelector(".muz-layer");
      focus = layer ? layer.dataset.centre : cells[0].dataset.cell;
      anchorY = null;
      return showFocus();
    }
    const x = +here.dataset.x, y = +here.dataset.y;
    if (dx !== 0 && anchorY === null) anchorY = y;
    if (dy !== 0) anchorY = null;
    let best = null, bestKey = null;
    for (const other of cells) {
      const ox = +other.dataset.x - x, oy = +other.dataset.y - y;
      const along = ox * dx + oy * dy, distance = Math.hypot(ox, oy);
      if (along <= 0 || along < 0.45 * distance) continue; // within about 60 degrees of the arrow
      const key = dx !== 0
        ? [distance, Math.abs(+other.dataset.y - anchorY)]
        : [distance, Math.abs(ox)];
      // the six neighbours are equally far: distances within a pixel tie, and the straighter one wins
      const nearer = bestKey && key[0] < bestKey[0] - 1;
      const tie = bestKey && Math.abs(key[0] - bestKey[0]) <= 1;
      if (!bestKey || nearer || (tie && key[1] < bestKey[1])) {
        best = other;
        bestKey = key;
      }
    }
    if (best) {
      focus = best.dataset.cell;
      showFocus();
    }
  }

  frame.addEventListener("mousedown", (event) => {
    const element = event.target.closest("[data-cell]");
    if (element) focus = element.dataset.cell; // the ring goes where the pointer is, not to the centre
  });
  // a board that takes no click now (a quiz's question answered) shows no pointer and sends nothing
  const still = () => el.classList.toggle("muz-still", !model.get("clickable"));
  still();
  frame.addEventListener("click", (event) => {
    const element = event.target.closest("[data-cell]");
    if (!element || !model.get("clickable")) return;
    focus = element.dataset.cell;
    send({ event: "click", cell: focus });
  });
  frame.addEventListener("mouseover", (event) => {
    const element = event.target.closest(".muz-layer .muz-cell");
    if (element) {
      hovered = element.dataset.cell;
      tip.textContent = tipOf(element);
    }
  });
  frame.addEventListener("mouseleave", () => {
    hovered = null;
    showIdle();
  });
  frame.addEventListener("focus", () => {
    if (!focus) move(0, 0);
    else showFocus();
  });
  frame.addEventListener("blur", () => {
    for (const ring of frame.querySelectorAll(".muz-focus")) ring.remove();
  });
  frame.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (ARROWS[event.key]) {
      event.preventDefault();
      event.stopPropagation();
      const [dx, dy] = ARROWS[event.key];
      move(dx, dy);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      if (focus && model.get("clickable")) send({ event: "click", cell: focus });
    } else if (event.key.length === 1 && model.get("shortcuts").includes(event.key.toLowerCase())) {
      event.preventDefault();
      event.stopPropagation(); // JupyterLab's own shortcuts (r, p, u...) stay out of the board
      send({ event: "key", key: event.key.toLowerCase() });
    }
  });

  model.on("msg:custom", (message) => {
    const element = message.cell && cellElement(message.cell);
    if (!element) return;
    element.querySelector("title").textContent = message.tip;
    changed.add(element);
    if (message.cell === hovered || message.cell === focus) tip.textContent = message.tip;
  });
  // Bring what `revealing` names (near the board: the nearest box around it holding one) wholly into
  // the window, scrolling just enough, once the widgets drawn with it are laid out.
  function reveal() {
    const selector = model.get("revealing");
    if (!selector) return;
    requestAnimationFrame(() => requestAnimationFrame(() => {
      let target = null;
      for (let node = el.parentElement; node && !target; node = node.parentElement) {
        target = node.querySelector(selector);
      }
      if (!target) return;
      const box = target.getBoundingClientRect();
      if (!box.width || !box.height) return; // a hidden tab
      const inside = box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight
        && box.right <= window.innerWidth;
      if (!inside) {
        target.scrollIntoView({ block: box.height > window.innerHeight ? "start" : "nearest",
                                inline: "nearest" });
      }
    }));
  }
  model.on("change:revealed", reveal);
  model.on("change:svg", draw);
  model.on("change:html", showText);
  model.on("change:told", tell);
  model.on("change:words", () => {
    label();
    newsLabel();
    if (tip.textContent === idleText) showIdle();
  });
  model.on("change:scale", draw);
  model.on("change:fit", draw);
  model.on("change:clickable", still);
  // Measured again when the window changes, a tab is shown, or the page above the board (the app, or
  // the page) changes height.
  let watched = null;  // the app around the board, watched once the board is in the page
  const remeasure = () => {
    if (model.get("fit") === "none") return;
    const app = el.closest(".muz-app");
    if (app && app !== watched) {
      above.observe(app);
      watched = app;
    }
    measure();
  };
  const above = new ResizeObserver(remeasure);
  above.observe(document.body);
  const seen = new IntersectionObserver(remeasure);
  seen.observe(frame);
  window.addEventListener("resize", remeasure);
  draw();
  return () => {
    window.removeEventListener("resize", remeasure);
    seen.disconnect();
    above.disconnect();
  };
}

export default { render };
