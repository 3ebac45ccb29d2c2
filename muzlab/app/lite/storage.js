// What the browser keeps of each lesson of the homework edition. JupyterLite keeps a student's copy of a
// lesson in the browser's IndexedDB (localforage's database "JupyterLite Storage - SITE PATH", store
// "files", keyed by the notebook's path) and opens it in place of the shipped lesson. The first page
// (showCopies) says so for each lesson with a copy, offers "Download my copy" and "Reset lesson" (the
// copy and its checkpoints deleted, so the shipped lesson opens again), and says when the copy was made
// from an older lesson than the one shipped (its metadata.muzlab.version differs), which the copy hides
// until the lesson is reset. A lesson's own page (warnInLesson) says the same when its copy is older.
const NEWER = "A newer version of this lesson has been shipped since your copy was made: your copy hides "
  + "it until you reset the lesson (download your copy first to keep your work).";

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
    const saved = new Date(copy.last_modified).toLocaleString();
    const says = document.createElement("span");
    says.textContent = `Your copy, saved ${saved}, opens in place of the lesson. `;
    note.append(says);
    if (madeFromOlder(copy, item.dataset.version)) {
      const newer = document.createElement("span");
      newer.className = "muz-newer";
      newer.textContent = NEWER + " ";
      note.append(newer);
    }
    note.append(button("Download my copy", "muz-download-copy", () => download(copy)), " ",
                button("Reset lesson", "muz-reset", async () => {
                  if (!confirm("Delete your copy of this lesson from this browser, and open the lesson "
                               + "as shipped?")) return;
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
  first.textContent = "Download your copy or reset the lesson on the first page.";
  note.append(NEWER + " ", first);
  document.body.append(note);
}
