// The homework edition's first page: what the browser keeps of each lesson. JupyterLite keeps a
// student's copy of a lesson in the browser's IndexedDB (localforage's database "JupyterLite Storage -
// SITE PATH", store "files", keyed by the notebook's path) and opens it in place of the shipped lesson.
// For each lesson with a copy this says so, offers "Download my copy" and "Reset lesson" (the copy
// and its checkpoints deleted, so the shipped lesson opens again), and says when the copy was made
// from an older lesson than the one shipped (its metadata.muzlab.version differs), which the copy
// hides until the lesson is reset.
const STORAGE = `JupyterLite Storage - ${new URL(".", location.href).pathname}`;

function request(operation) {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error);
  });
}

async function storage() {
  // opened only when JupyterLite has made it: opening would otherwise create an empty database
  if (indexedDB.databases && !(await indexedDB.databases()).some((db) => db.name === STORAGE)) return null;
  const db = await request(indexedDB.open(STORAGE));
  return db.objectStoreNames.contains("files") ? db : (db.close(), null);
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

async function show() {
  const db = await storage();
  for (const item of document.querySelectorAll("li[data-lesson]")) {
    const note = item.querySelector(".muz-copy");
    note.replaceChildren();
    const copy = db && (await stored(db, item.dataset.lesson));
    if (!copy) continue;
    const made = copy.content && copy.content.metadata && copy.content.metadata.muzlab;
    const saved = new Date(copy.last_modified).toLocaleString();
    const says = document.createElement("span");
    says.textContent = `Your copy, saved ${saved}, opens in place of the lesson. `;
    note.append(says);
    if (!made || made.version !== item.dataset.version) {
      const newer = document.createElement("span");
      newer.className = "muz-newer";
      newer.textContent = "A newer version of this lesson has been shipped since your copy was made: "
        + "your copy hides it until you reset the lesson (download your copy first to keep your work). ";
      note.append(newer);
    }
    note.append(button("Download my copy", "muz-download-copy", () => download(copy)), " ",
                button("Reset lesson", "muz-reset", async () => {
                  if (!confirm("Delete your copy of this lesson from this browser, and open the lesson "
                               + "as shipped?")) return;
                  await forget(db, item.dataset.lesson);
                  await show();
                }));
  }
}

show();
