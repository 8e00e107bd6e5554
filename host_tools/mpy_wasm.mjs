// Run Python under the real MicroPython (the official WebAssembly port) in Node.
//
// Usage: node host_tools/mpy_wasm.mjs [--settrace] [--mount DIR=/target ...] < chunks.json
// stdin is a JSON array of code strings; each runs in its own runPython call,
// because gc.collect() only takes effect between calls. By default
// firmware/companion is mounted at /lib/companion and board_layouts at
// /board_layouts. Exit status 1 (with the Python traceback on stderr) if a chunk raises.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkg = path.join(root, "node_modules/@micropython/micropython-webassembly-pyscript");
const { loadMicroPython } = await import(path.join(pkg, "micropython.mjs"));

const mounts = [
  [path.join(root, "firmware/companion"), "/lib/companion"],
  [path.join(root, "board_layouts"), "/board_layouts"],
];
let settrace = false;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--settrace") settrace = true;
  else if (argv[i] === "--mount") {
    const [src, dst] = argv[++i].split("=");
    mounts.push([path.resolve(src), dst]);
  }
}

const options = { heapsize: 512 * 1024, stdout: (s) => process.stdout.write(s + "\n") };
if (settrace) options.url = path.join(pkg, "micropython-settrace.wasm");
const mp = await loadMicroPython(options);

function copyTree(src, dst) {
  mp.FS.mkdirTree(dst);
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    if (entry.name === "__pycache__") continue;
    const s = path.join(src, entry.name);
    const d = dst + "/" + entry.name;
    if (entry.isDirectory()) copyTree(s, d);
    else mp.FS.writeFile(d, fs.readFileSync(s));
  }
}
for (const [src, dst] of mounts) copyTree(src, dst);

const chunks = JSON.parse(fs.readFileSync(0, "utf8"));
for (const code of chunks) {
  try {
    mp.runPython(code);
  } catch (error) {
    if (error.name !== "PythonError") throw error;
    process.stderr.write(error.message + "\n");
    process.exit(1);
  }
}
