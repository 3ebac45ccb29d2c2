// Compile the .py files of the wheels in a folder to bytecode with the bundled Pyodide's own Python, so
// that the browser imports them without compiling (IPython alone takes seconds to compile in WebAssembly).
// The folders are rewritten in place; a module that fails to import stops it (exit status 1, the error).
// Usage: node precompile.mjs PYODIDE_FOLDER WHEEL_FOLDER KERNEL_WHEEL_FOLDER PYTHON_SCRIPT
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [runtime, wheels, kernel, script] = process.argv.slice(2).map((path) => resolve(path));
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${runtime}/`, stdout: console.log, stderr: console.error });
for (const [root, at] of [[wheels, "/wheels"], [runtime, "/runtime"], [kernel, "/kernel"]]) {
  pyodide.FS.mkdirTree(at);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, at);
}
try {
  await pyodide.runPythonAsync(readFileSync(script, "utf8"));
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
