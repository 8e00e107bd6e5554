// The emulated Pico on a serial line: stdin bytes go to its USB serial port
// (CDC), what it sends comes out on stdout, in real time (as fast as the
// emulator runs). host_tools/chip/serial_port.py puts this on a
// pseudo-terminal, so mpremote and `companion flash` talk to it as to a
// board. On SIGTERM, or when its input ends (the cable pulled), the flash
// filesystem is written to --image-out and it stops.
//
//   node host_tools/chip/serial.mjs --uf2 U --bootrom B --image IMG --profile P [--image-out OUT]
//        [--break-at MS] [--cut-at N:K] [--ops-out OPS]
//
// --break-at MS: at MS of emulated time, Ctrl-C until the REPL's prompt shows
//   (a board running main.py, broken into as mpremote does). Emulated time, not
//   the host's clock: the board's files when the host starts are the same at
//   every run, so are the bytes `companion flash` sends, and a cut after N of
//   them lands in the same command.
// --cut-at N:K: the power goes once the board got N bytes and then did K flash
//   operations (an erase or a program of the bootrom's): a cut in the middle of
//   the command those N bytes end, e.g. between two renames. Bytes after the
//   N-th are lost; the flash is written out and it exits with status 3.
// --ops-out OPS: at the end, a JSON list [bytes the board had got, ...]: one per
//   flash operation since it started (which command each belongs to).

import fs from 'node:fs';
import { FS_BYTES, FS_OFFSET, Pico } from './pico.mjs';

const CUT_STATUS = 3;
const BREAK_EVERY_MS = 100;
const args = {};
for (let i = 2; i + 1 < process.argv.length; i += 2) args[process.argv[i].slice(2)] = process.argv[i + 1];
const pico = new Pico({
  uf2: args.uf2,
  bootrom: args.bootrom,
  fsImage: args.image ? fs.readFileSync(args.image) : null,
  profile: args.profile ? JSON.parse(fs.readFileSync(args.profile)) : null,
});
const [cutBytes, cutOps] = args['cut-at'] ? args['cut-at'].split(':').map(Number) : [-1, 0];
let nextBreak = args['break-at'] ? Number(args['break-at']) : -1;
let sent = 0;
let typed = 0; // bytes the board got from the host
const opsTyped = []; // per flash operation: `typed` when it was done
// like a terminal that opens the port: a return, so the REPL shows its banner and prompt
pico.cdc.onDeviceConnected = () => pico.type('\r');
process.stdin.on('data', (chunk) => {
  let text = chunk.toString('latin1');
  if (cutBytes >= 0) {
    text = text.slice(0, Math.max(0, cutBytes - typed));
    if (!text) return;
    if (typed + text.length >= cutBytes) pico.cutAfter = pico.flashOps.length + cutOps;
  }
  typed += text.length;
  pico.type(text);
});
function powerOff(status) {
  if (args['image-out']) {
    fs.writeFileSync(args['image-out'], pico.mcu.flash.subarray(FS_OFFSET, FS_OFFSET + FS_BYTES));
  }
  if (args['ops-out']) fs.writeFileSync(args['ops-out'], JSON.stringify(opsTyped));
  process.exit(status);
}
process.on('SIGTERM', () => powerOff(0));
// The USB cable pulled (serial_port.py's cut_after): a Pico powered by USB
// stops where it is, its flash as it is then; bytes not yet read are lost.
process.stdin.on('end', () => powerOff(0));

function tick() {
  pico.run(2);
  while (opsTyped.length < pico.flashOps.length) opsTyped.push(typed);
  if (pico.cut) powerOff(CUT_STATUS);
  if (nextBreak >= 0 && pico.ms >= nextBreak) {
    if (pico.console.endsWith('>>> ')) {
      nextBreak = -1;
    } else {
      pico.type('\x03');
      nextBreak = pico.ms + BREAK_EVERY_MS;
    }
  }
  pico.sendOut(); // bytes typed while it ran
  if (pico.console.length > sent) {
    process.stdout.write(Buffer.from(pico.console.slice(sent), 'latin1'));
    sent = pico.console.length;
  }
  setImmediate(tick);
}
tick();
