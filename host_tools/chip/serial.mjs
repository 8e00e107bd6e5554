// The emulated Pico on a serial line: stdin bytes go to its USB serial port
// (CDC), what it sends comes out on stdout, in real time (as fast as the
// emulator runs). host_tools/chip/serial_port.py puts this on a
// pseudo-terminal, so mpremote and `companion flash` talk to it as to a
// board. On SIGTERM, or when its input ends (the cable pulled), the flash
// filesystem is written to --image-out and it stops.
//
//   node host_tools/chip/serial.mjs --uf2 U --bootrom B --image IMG --profile P [--image-out OUT]

import fs from 'node:fs';
import { FS_BYTES, FS_OFFSET, Pico } from './pico.mjs';

const args = {};
for (let i = 2; i + 1 < process.argv.length; i += 2) args[process.argv[i].slice(2)] = process.argv[i + 1];
const pico = new Pico({
  uf2: args.uf2,
  bootrom: args.bootrom,
  fsImage: args.image ? fs.readFileSync(args.image) : null,
  profile: args.profile ? JSON.parse(fs.readFileSync(args.profile)) : null,
});
let sent = 0;
// like a terminal that opens the port: a return, so the REPL shows its banner and prompt
pico.cdc.onDeviceConnected = () => pico.type('\r');
process.stdin.on('data', (chunk) => pico.type(chunk.toString('latin1')));
function powerOff() {
  if (args['image-out']) {
    fs.writeFileSync(args['image-out'], pico.mcu.flash.subarray(FS_OFFSET, FS_OFFSET + FS_BYTES));
  }
  process.exit(0);
}
process.on('SIGTERM', powerOff);
// The USB cable pulled (serial_port.py's cut_after): a Pico powered by USB
// stops where it is, its flash as it is then; bytes not yet read are lost.
process.stdin.on('end', powerOff);

function tick() {
  pico.run(2);
  pico.sendOut(); // bytes typed while it ran
  if (pico.console.length > sent) {
    process.stdout.write(Buffer.from(pico.console.slice(sent), 'latin1'));
    sent = pico.console.length;
  }
  setImmediate(tick);
}
tick();
