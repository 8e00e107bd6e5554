// Run the emulated Pico (pico.mjs) through a script and report what it did.
//
//   node host_tools/chip/run.mjs < script.json > report.json
//
// script: {uf2, bootrom, image (path of the flash filesystem image), profile
// (the hardware profile, parsed), ms (emulated run time), presses: [{code,
// at_ms, hold_ms}], sticks: [{at_ms, bits: [white, black(, tall)], colour: "white",
// "black", "tower" or null}] (a sensing board's pieces put on and taken off), cut_after (power cut at this flash operation, or -1),
// image_out (where to write the filesystem image at the end, optional)}.
// report: {ms, console, frames: [{t_ms, n, on: {led: [r,g,b]}}] (every LED
// frame: its LEDs' count and those that are not dark), flash: [{op, offset, bytes, at_ms,
// busy_ms}], i2c: [{t_ms, n}], steps: [[start_ms, busy_ms]] (the CPU's busy
// stretches between sleeps: the run loop's steps), cut, wall_s}.

import fs from 'node:fs';
import { FS_BYTES, FS_OFFSET, Pico } from './pico.mjs';

const script = JSON.parse(fs.readFileSync(0, 'utf8'));
const pico = new Pico({
  uf2: script.uf2,
  bootrom: script.bootrom,
  fsImage: fs.readFileSync(script.image),
  profile: script.profile,
});
pico.cutAfter = script.cut_after ?? -1;
const started = Date.now();
const changes = [];
for (const p of script.presses || []) {
  changes.push([p.at_ms, p.code, true]);
  changes.push([p.at_ms + p.hold_ms, p.code, false]);
}
for (const s of script.sticks || []) changes.push([s.at_ms, s.bits, s.colour ?? null, true]); // a sensing board
changes.sort((a, b) => a[0] - b[0]);
// each change at its time, also one that falls while the CPU is stalled in a
// flash operation (pico.advance applies it then: the PIO samples on); applied
// at the stall's end instead, a press held less than an erase went down and up at once
pico.pending = changes;
while (changes.length && !pico.cut) {
  if (changes[0][0] > pico.ms) pico.run(changes[0][0] - pico.ms);
  pico.applyDue(true);
}
if (!pico.cut && script.ms > pico.ms) pico.run(script.ms - pico.ms);
if (script.image_out) {
  fs.writeFileSync(script.image_out, pico.mcu.flash.subarray(FS_OFFSET, FS_OFFSET + FS_BYTES));
}
const frames = pico.frames.map((f) => {
  const on = {};
  f.rgb.forEach((c, i) => {
    if (c[0] || c[1] || c[2]) on[i] = c;
  });
  return { t_ms: f.t_ms, n: f.rgb.length, on };
});
process.stdout.write(
  JSON.stringify({
    ms: pico.ms,
    console: pico.console,
    frames,
    flash: pico.flashOps,
    i2c: pico.i2cBytes,
    steps: pico.steps,
    cut: pico.cut,
    wall_s: (Date.now() - started) / 1000,
  }),
);
