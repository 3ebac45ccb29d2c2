// What the browser keeps of each lesson of the homework edition. JupyterLite keeps a student's copy of a
// lesson in the browser's IndexedDB (localforage's database "JupyterLite Storage - SITE PATH", store
// "files", keyed by the notebook's path) and opens it in place of the shipped lesson. The first page
// (showCopies) says so for each lesson with a copy, offers "Download my copy" and "Reset lesson" (the
// copy and its checkpoints deleted, so the shipped lesson opens again), and says when the copy was made
// from an older lesson than the one shipped (its metadata.muzlab.version differs), which the copy hides
// until the lesson is reset. A lesson's own page (warnInLesson) says the same when its copy is older.
// Every sentence comes from the page's JSON (<script id="muz-words">, written by page_words.py from
// muzlab's catalogues), in the language of the address (?lang=), else the one chosen on the first page,
// else the browser's, else English; each lesson in that language where it is translated (showLessons).
const WORDS = JSON.parse(document.getElementById("muz-words").textContent).languages;
const CHOSEN = "muzlab-lite-language";

function pageLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (Object.hasOwn(WORDS, asked)) {
    localStorage.setItem(CHOSEN, asked);
    return asked;
  }
  const chosen = localStorage.getItem(CHOSEN);
  if (Object.hasOwn(WORDS, chosen)) return chosen;
  const browser = (navigator.languages || [navigator.language]).map((tag) => String(tag).split("-")[0]);
  return browser.find((code) => Object.hasOwn(WORDS, code)) || "en";
}

let language = pageLanguage();

function say(key) {
  return WORDS[language].words[key];
}

function filled(key, parts) {
  // the sentence `key` as nodes, each {name} replaced by parts[name] (text or an element)
  return say(key).split(/(\{\w+\})/).filter((piece) => piece !== "").map((piece) => {
    const name = piece.match(/^\{(\w+)\}$/);
    return name && Object.hasOwn(parts, name[1]) ? parts[name[1]] : piece;
  });
}

function request(operation) {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error);
  });
}

async function storage(root) {
  // the site's database, opened only when JupyterLite has made it (opening would create an empty one)
  const name = `JupyterLite Storage - ${new URL(root, location.href).pathname}`;
  if (indexedDB.databases && !(await indexedDB.databases()).some((db) => db.name === name)) return null;
  const db = await request(indexedDB.open(name));
  return db.objectStoreNames.contains("files") ? db : (db.close(), null);
}

function madeFromOlder(copy, version) {
  const made = copy.content && copy.content.metadata && copy.content.metadata.muzlab;
  return !made || made.version !== version;
}

async function stored(db, path) {
  return request(db.transaction("files").objectStore("files").get(path));
}

async function forget(db, path) {
  const stores = ["files", "checkpoints"].filter((name) => db.objectStoreNames.contains(name));
  const transaction = db.transaction(stores, "readwrite");
  for (const name of stores) transaction.objectStore(name).delete(path);
  await new Promise((resolve, reject) => {
    transaction.oncomplete = resolve;
    transaction.onerror = () => reject(transaction.error);
  });
}

function download(copy) {
  const text = typeof copy.content === "string" ? copy.content : JSON.stringify(copy.content, null, 1);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/x-ipynb+json" }));
  link.download = copy.name;
  document.body.append(link);
  link.click();
  link.remove();
}

function button(text, className, action) {
  const made = document.createElement("button");
  made.type = "button";
  made.className = className;
  made.textContent = text;
  made.addEventListener("click", action);
  return made;
}

async function showCopies() {
  const db = await storage(".");
  for (const item of document.querySelectorAll("li[data-lesson]")) {
    const note = item.querySelector(".muz-copy");
    note.replaceChildren();
    const copy = db && (await stored(db, item.dataset.lesson));
    if (!copy) continue;
    const saved = new Date(copy.last_modified).toLocaleString(language);
    const says = document.createElement("span");
    says.textContent = say("your-copy").replace("{saved}", saved) + " ";
    note.append(says);
    if (madeFromOlder(copy, item.dataset.version)) {
      const newer = document.createElement("span");
      newer.className = "muz-newer";
      newer.textContent = say("newer") + " ";
      note.append(newer);
    }
    note.append(button(say("download"), "muz-download-copy", () => download(copy)), " ",
                button(say("reset"), "muz-reset", async () => {
                  if (!confirm(say("confirm-reset"))) return;
                  await forget(db, item.dataset.lesson);
                  await showCopies();
                }));
  }
}

async function warnInLesson(versions) {
  // versions: each shipped lesson's version stamp, by its path; this page is notebooks/index.html?path=…
  // what it found is kept in <html data-muz-copy>: "none", "current" (made from this lesson) or "older"
  const path = new URLSearchParams(location.search).get("path");
  if (!Object.hasOwn(versions, path)) return;
  const db = await storage("..");
  const copy = db && (await stored(db, path));
  if (db) db.close(); // JupyterLite's own connection may need to upgrade the database
  const found = !copy ? "none" : madeFromOlder(copy, versions[path]) ? "older" : "current";
  document.documentElement.dataset.muzCopy = found;
  if (found !== "older") return;
  const note = document.createElement("div");
  note.className = "muz-newer";
  note.setAttribute("role", "status");
  note.style.cssText = "position: fixed; left: 0; right: 0; bottom: 0; z-index: 10000; padding: 0.5em 1em; "
    + "background: #fff3e0; color: #a24a00; font: bold 14px sans-serif; border-top: 2px solid #a24a00;";
  const first = document.createElement("a");
  first.href = "../index.html";
  first.textContent = say("to-first-page");
  note.append(say("newer") + " ", first);
  document.body.append(note);
}

function showLessons() {
  // each lesson in the page's language where it is translated (its path, title and version, from the
  // page's <script id="muz-lessons">), else the English one with a word saying so; a copy is looked
  // up by the lesson's path in that language
  const listing = JSON.parse(document.getElementById("muz-lessons").textContent)[language] || [];
  for (const shown of listing) {
    const item = document.querySelector(`li[data-lesson="${shown.lesson}"], li[data-english="${shown.lesson}"]`);
    if (!item) continue;
    item.dataset.english = shown.lesson;
    item.dataset.lesson = shown.path;
    item.dataset.version = shown.version;
    const link = item.querySelector("a");
    link.href = `notebooks/index.html?path=${encodeURIComponent(shown.path).replaceAll("%2F", "/")}`;
    link.removeAttribute("data-muz-word");
    link.textContent = shown.title;
    item.querySelector(".muz-in-english").textContent = shown.english ? say("in-english") : "";
  }
}

function showFirstPage() {
  // the first page in the page's language: its sentences (data-muz-word), the app in that language, the
  // language menu (choosing one keeps it for the lesson pages, and in the address), and the copies
  document.documentElement.lang = language;
  document.title = say("title");
  showLessons();
  const app = document.querySelector(".muz-app-link");
  app.href = WORDS[language].app;
  app.textContent = say("app-link");
  for (const element of document.querySelectorAll("[data-muz-word]")) {
    element.replaceChildren(...filled(element.dataset.muzWord, { app }));
  }
  const menu = document.querySelector(".muz-language select");
  menu.replaceChildren(...Object.entries(WORDS).map(([code, spoken]) => new Option(spoken.name, code)));
  menu.value = language;
  menu.onchange = () => {
    language = menu.value;
    localStorage.setItem(CHOSEN, language);
    const address = new URL(location.href);
    address.searchParams.set("lang", language);
    history.replaceState(null, "", address);
    showFirstPage();
  };
  return showCopies();
}
