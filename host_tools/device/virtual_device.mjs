// The virtual device: MicroPython's REPL (the official WebAssembly port) on
// stdin/stdout, behaving like a board on a serial line, for real mpremote.
//
// Usage: node host_tools/device/virtual_device.mjs --fs DIR [--capacity BYTES]
//        [--version 1.18.0] [--mpy 5] [--heap BYTES] [--corrupt NAME] [--raw-paste off]
//
// host_tools/device/virtual_device.py puts it on a pseudo-terminal. What it adds to
// the port's own REPL:
// - soft reset (Ctrl-D at an empty prompt): prints "MPY: soft reboot",
//   restarts the interpreter (globals and modules are gone, the files stay),
//   runs boot.py and comes back with a prompt, in the mode it was in;
// - raw-paste mode (Ctrl-E A Ctrl-A) makes the port spin, so it is answered
//   here (with flow control) and the code run through the plain raw REPL;
//   with --raw-paste off it is refused ("R\x00"; mpremote then falls back);
// - OSError numbers are Emscripten's (ENOENT is 44): tracebacks are
//   rewritten to POSIX numbers and names, which mpremote's fs commands read;
// - the filesystem is a copy of DIR, written back after every change;
// - --capacity limits it (writes past it raise ENOSPC, statvfs agrees);
// - --version/--mpy make sys.implementation report an older MicroPython;
// - --corrupt NAME flips one byte of every write to files named NAME
//   (to test that a flash verifies what it copied).
// Not emulated: Ctrl-C cannot stop running code (one thread), and main.py
// is not run on a soft reset (it would never give the prompt back).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const pkg = path.join(root, "node_modules/@micropython/micropython-webassembly-pyscript");
const { loadMicroPython } = await import(path.join(pkg, "micropython.mjs"));

const opts = { fs: null, capacity: 0, version: null, mpy: null, heap: 256 * 1024, corrupt: null, "raw-paste": "on" };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const key = argv[i].replace(/^--/, "");
  if (!(key in opts)) throw new Error("unknown option " + argv[i]);
  opts[key] = ["capacity", "heap", "mpy"].includes(key) ? Number(argv[i + 1]) : argv[i + 1];
}
if (!opts.fs) throw new Error("--fs DIR is required");
fs.mkdirSync(opts.fs, { recursive: true });

const BLOCK = 4096;
const SYSTEM_DIRS = new Set(["tmp", "home", "dev", "proc"]); // Emscripten's own

// Emscripten errno -> [name, POSIX number], from the port's own table.
const errnoMap = new Map();
{
  const src = fs.readFileSync(path.join(pkg, "micropython.mjs"), "utf8");
  const table = /ERRNO_CODES=\{([^}]*)\}/.exec(src);
  for (const pair of table ? table[1].split(",") : []) {
    const [name, num] = pair.split(":");
    if (os.constants.errno[name] !== undefined && !errnoMap.has(Number(num)))
      errnoMap.set(Number(num), [name, os.constants.errno[name]]);
  }
}
function posixErrors(text) {
  return text.replace(/OSError: (?:\[Errno (\d+)\] [A-Z]+|(\d+))(?=\r?\n)/g, (whole, a, b) => {
    const known = errnoMap.get(Number(a || b));
    return known ? "OSError: [Errno " + known[1] + "] " + known[0] : whole;
  });
}

let out = [];
const mp = await loadMicroPython({
  heapsize: opts.heap,
  linebuffer: false,
  stdout: (bytes) => out.push(bytes),
  stderr: (bytes) => out.push(bytes),
});
const FS = mp.FS;

// --- the filesystem: load DIR, write changes back -------------------------
// What each host file holds, as last read or written here: a write-back
// compares with it instead of reading every host file again.
const mirrored = new Map();
function loadTree(src, dst) {
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    const s = path.join(src, entry.name);
    const d = dst + "/" + entry.name;
    if (entry.isDirectory()) {
      FS.mkdirTree(d);
      loadTree(s, d);
    } else {
      const data = fs.readFileSync(s);
      FS.writeFile(d, data);
      mirrored.set(s, Buffer.from(data));
    }
  }
}
function deviceEntries(dir) {
  return FS.readdir(dir).filter((n) => n !== "." && n !== ".." && !(dir === "/" && SYSTEM_DIRS.has(n)));
}
function saveTree(dev, host) {
  const keep = new Set();
  for (const name of deviceEntries(dev)) {
    const d = (dev === "/" ? "" : dev) + "/" + name;
    const h = path.join(host, name);
    keep.add(name);
    if (FS.isDir(FS.stat(d).mode)) {
      if (fs.existsSync(h) && !fs.statSync(h).isDirectory()) fs.rmSync(h);
      fs.mkdirSync(h, { recursive: true });
      saveTree(d, h);
    } else {
      const data = Buffer.from(FS.readFile(d));
      const was = mirrored.get(h);
      if (was && was.equals(data)) continue;
      if (fs.existsSync(h) && fs.statSync(h).isDirectory()) fs.rmSync(h, { recursive: true });
      fs.writeFileSync(h, data);
      mirrored.set(h, data);
    }
  }
  for (const name of fs.readdirSync(host))
    if (!keep.has(name)) {
      const gone = path.join(host, name);
      fs.rmSync(gone, { recursive: true });
      for (const key of mirrored.keys()) if (key === gone || key.startsWith(gone + path.sep)) mirrored.delete(key);
    }
}
function usedBlocks(dir = "/") {
  let blocks = 0;
  for (const name of deviceEntries(dir)) {
    const p = (dir === "/" ? "" : dir) + "/" + name;
    const st = FS.stat(p);
    blocks += FS.isDir(st.mode) ? 1 + usedBlocks(p) : Math.ceil(st.size / BLOCK);
  }
  return blocks;
}

let dirty = false; // the files changed since they were last written back
for (const name of ["write", "mkdir", "rmdir", "unlink", "rename", "open", "truncate", "ftruncate"]) {
  const original = FS[name];
  FS[name] = function (...args) {
    const target = typeof args[0] === "object" ? args[0].path : String(args[0]);
    if (!String(target).startsWith("/dev/")) dirty = true;
    return original.apply(this, args);
  };
}
const write = FS.write;
FS.write = function (stream, buffer, offset, length, position, canOwn) {
  if (opts.capacity && stream.node && FS.isFile(stream.node.mode)) {
    const start = position ?? stream.position;
    const size = stream.node.usedBytes ?? 0;
    const grow = Math.ceil(Math.max(size, start + length) / BLOCK) - Math.ceil(size / BLOCK);
    if (grow > 0 && (usedBlocks() + grow) * BLOCK > opts.capacity) throw new FS.ErrnoError(51); // ENOSPC
  }
  if (opts.corrupt && stream.node && stream.node.name === opts.corrupt && length > 0)
    buffer[offset] ^= 0xff;
  return write.call(this, stream, buffer, offset, length, position, canOwn);
};
if (opts.capacity && FS.statfs) {
  const statfs = FS.statfs;
  FS.statfs = function (...args) {
    const st = statfs.apply(this, args);
    st.bsize = st.frsize = BLOCK;
    st.blocks = Math.floor(opts.capacity / BLOCK);
    st.bfree = st.bavail = Math.max(0, st.blocks - usedBlocks());
    return st;
  };
}
loadTree(opts.fs, "");
dirty = false;

// --- the interpreter ------------------------------------------------------
// sys.implementation reporting another version: `import sys` finds sys.modules first.
const FAKE_SYS = (version, mpy) => `
import sys
class _Impl:
    name = 'micropython'
    version = ${version}
    _machine = 'virtual device'
    _mpy = ${mpy}
class _Sys:
    def __init__(self, real):
        self._real = real
        self.implementation = _Impl
        self.version = '3.4.0; MicroPython v%d.%d.%d (virtual device)' % _Impl.version[:3]
    def __getattr__(self, name):
        return getattr(self._real, name)
sys.modules['sys'] = _Sys(sys)
del _Sys, _Impl, sys
`;

// A real board's filesystem (FAT, littlefs) gives each file's size in
// os.ilistdir, which `mpremote fs ls` shows; the port's POSIX VFS gives
// (name, type, inode) only, so sizes are added from os.stat. Emscripten's
// own folders (SYSTEM_DIRS) are left out of the root's listing.
const OS_SIZES = `
import sys, os
class _Os:
    def __init__(self, real):
        self._real = real
    def __getattr__(self, name):
        return getattr(self._real, name)
    def ilistdir(self, path='.'):
        given, path = path, path.decode() if isinstance(path, bytes) else path  # (the store lists by bytes)
        root = path == '/' or (path in ('', '.') and self._real.getcwd() == '/')
        for e in self._real.ilistdir(given):
            name = e[0].decode() if isinstance(e[0], bytes) else e[0]
            if root and name in (${[...SYSTEM_DIRS].map((d) => "'" + d + "'").join(", ")}):
                continue
            if len(e) > 3:
                yield e
                continue
            size = 0
            if e[1] == 0x8000:
                try:
                    size = self._real.stat(name if path in ('', '.') else path.rstrip('/') + '/' + name)[6]
                except OSError:
                    pass
            yield (e[0], e[1], e[2], size)
sys.modules['os'] = _Os(os)
del _Os, os, sys
`;

function startInterpreter(first) {
  if (!first) {
    mp._module.ccall("mp_js_init", "null", ["number", "number"], [2048, opts.heap]);
    mp._module.ccall("proxy_c_init", "null", [], []);
  }
  mp.runPython(OS_SIZES);
  if (opts.version || opts.mpy !== null) {
    const version = opts.version ? "(" + opts.version.split(".").map(Number).join(", ") + ", '')" : "sys.implementation.version";
    mp.runPython(FAKE_SYS(version, opts.mpy !== null ? opts.mpy : "sys.implementation._mpy"));
  }
  try {
    FS.stat("/boot.py");
    mp.runPython("exec(open('/boot.py').read(), {'__name__': '__main__'})");
  } catch (error) {
    if (error.name === "PythonError") out.push(Buffer.from(error.message.replace(/\n/g, "\r\n")));
  }
  mp.replInit();
}

function flush() {
  if (dirty) {
    saveTree("/", opts.fs);
    dirty = false; // (reading the files back marked them again)
  }
  if (out.length) {
    const text = Buffer.concat(out.map((b) => Buffer.from(b))).toString("latin1");
    out = [];
    process.stdout.write(Buffer.from(posixErrors(text), "latin1"));
  }
}

startInterpreter(true);
flush();

// --- input: one byte at a time, in order ----------------------------------
let pending = [];
let busy = false;
let held = []; // a possible raw-paste request: Ctrl-E, then 'A', then Ctrl-A
let paste = null; // the code received in raw-paste mode, or null
let granted = 0; // bytes received since the last window was granted
const WINDOW = 512;

async function processByte(c) {
  if (paste) return pasteByte(c);
  if (held.length || c === 0x05) {
    held.push(c);
    const want = [0x05, 0x41, 0x01];
    if (held.every((b, i) => b === want[i])) {
      if (held.length < 3) return;
      held = [];
      if (opts["raw-paste"] === "off") {
        out.push(Buffer.from("R\x00", "latin1")); // understood, not supported
      } else {
        out.push(Buffer.from([0x52, 0x01, WINDOW & 0xff, WINDOW >> 8])); // "R\x01" + window size
        paste = [];
        granted = 0;
      }
      return;
    }
    const bytes = held;
    held = [];
    for (const b of bytes) await feed(b);
    return;
  }
  await feed(c);
}

// Raw-paste mode, answered here: take the code with flow control, then run
// it through the port's plain raw REPL, whose "OK" raw-paste does not send.
async function pasteByte(c) {
  if (c !== 0x04) {
    paste.push(c);
    if (++granted === WINDOW) {
      granted = 0;
      out.push(Buffer.from([0x01])); // room for another window
    }
    return;
  }
  const code = paste;
  paste = null;
  out.push(Buffer.from([0x04])); // end of data acknowledged
  flush();
  for (const b of code) await feed(b);
  const mark = out.length;
  await feed(0x04);
  const reply = Buffer.concat(out.splice(mark).map((b) => Buffer.from(b)));
  out.push(reply.subarray(0, 2).toString() === "OK" ? reply.subarray(2) : reply);
}

async function feed(c) {
  if (await mp.replProcessCharWithAsyncify(c)) {
    out.push(Buffer.from("MPY: soft reboot\r\n"));
    startInterpreter(false);
  }
}

async function drain() {
  if (busy) return;
  busy = true;
  while (pending.length) {
    const chunk = pending.shift();
    for (const c of chunk) {
      await processByte(c);
      flush();
    }
  }
  busy = false;
}

process.stdin.on("data", (chunk) => {
  pending.push(chunk);
  drain();
});
process.stdin.on("end", () => {
  flush();
  process.exit(0);
});
