// The emulated Pico: MicroPython's stock rp2 port running in rp2040js, with
// a board model around it built from the hardware profile (docs/firmware.md,
// "The emulated Pico"):
// - the button matrix: rows driven by the chip, columns read with pull-ups,
//   a pressed button connects its row to its column;
// - the WS2812 chain: the data pin's pulses decoded into frames, each with
//   its emulated time (a pin the PIO drives changes at its instruction's
//   cycle, not at the end of the slice the PIO was stepped in);
// - the SSD1306 on I2C at 400 kHz: every byte takes its 22.5 us on the bus;
// - the flash: the bootrom's flash_range_erase / flash_range_program done
//   here, NOR-style (a program only clears bits), with the W25Q16JV's
//   typical times while the CPU stalls and the PIO, the DMA and the inputs
//   go on;
// - the PIO state machines stepped in emulated time at sys_clk / clkdiv with
//   their delay cycles (rp2040js alone runs them on a wall-clock timer).
// Not modelled: the XIP flash cache (a real chip is more likely slower).
//
// Used by host_tools/chip/run.mjs (a JSON script in, a JSON report out).

import fs from 'node:fs';
import { ConsoleLogger, LogLevel, Simulator, USBCDC } from 'rp2040js';

export const FS_OFFSET = 0xa0000; // RPI_PICO: 2 MB flash, the last 1408 KB are the filesystem
export const FS_BYTES = 1408 * 1024;
const CPU_NS = 8; // 125 MHz
const PAGE_PROGRAM_NS = 400e3;
const SECTOR_ERASE_NS = 45e6;
const BLOCK_ERASE_NS = 150e6;
const I2C_BYTE_NS = 22500; // 9 bits at 400 kHz
const WS2812_ONE_NS = 625; // a high pulse longer than this is a 1
const WS2812_LATCH_NS = 50e3;
const STEP_MIN_NS = 50e3;
const SENSOR_PERIOD_NS = 50e6; // a DRV5032DU samples at 20 Hz // shorter busy stretches are interrupt handlers, not loop steps

function romCode(a, b) {
  return a.charCodeAt(0) | (b.charCodeAt(0) << 8);
}

export function loadUf2(mcu, bytes) {
  for (let at = 0; at + 512 <= bytes.length; at += 512) {
    const v = new DataView(bytes.buffer, bytes.byteOffset + at, 512);
    if (v.getUint32(0, true) !== 0x0a324655 || v.getUint32(4, true) !== 0x9e5d5157) continue;
    const addr = v.getUint32(12, true);
    const size = v.getUint32(16, true);
    mcu.flash.set(bytes.subarray(at + 32, at + 32 + size), addr - 0x10000000);
  }
}

export class Pico {
  constructor({ uf2, bootrom, fsImage, profile }) {
    this.sim = new Simulator();
    const mcu = (this.mcu = this.sim.rp2040);
    mcu.logger = new ConsoleLogger(LogLevel.Error);
    const rom = fs.readFileSync(bootrom);
    mcu.loadBootrom(new Uint32Array(rom.buffer, rom.byteOffset, rom.length / 4));
    loadUf2(mcu, fs.readFileSync(uf2));
    if (fsImage) mcu.flash.set(fsImage, FS_OFFSET);
    this.clock = this.sim.clock;
    this.profile = profile;
    this.console = '';
    this.flashOps = []; // {op, at_ms, offset, bytes}
    this.frames = []; // {t_ms, rgb: [[r,g,b], ...]}
    this.i2cBytes = []; // {t_ms, n} per transaction
    this.cutAfter = -1; // power cut: stop at this flash operation (index into flashOps)
    this.cut = false;
    this.pressed = new Set();
    // the CPU's busy stretches between sleeps (WFE/WFI): the run loop's steps
    this.busySince = 0;
    this.steps = []; // [start_ms, busy_ms] of each stretch of at least STEP_MIN_NS
    this.cdc = new USBCDC(mcu.usbCtrl);
    this.cdc.onSerialData = (data) => {
      this.console += Buffer.from(data).toString('latin1');
    };
    // A real host answers the device's OUT request only when it has bytes to
    // send; rp2040js answers at once with none, and the USB interrupts that
    // follow would take most of the CPU. Keep the request until there are bytes.
    const usb = mcu.usbCtrl;
    this.outWaiting = null;
    usb.onEndpointRead = (endpoint, size) => {
      if (endpoint !== this.cdc.outEndpoint) return;
      this.outWaiting = size;
      this.sendOut();
    };
    this.hookFlash();
    this.hookPio();
    this.hookMatrix();
    this.hookChain();
    this.hookLeds();
    this.hookDisplay();
    mcu.core.PC = 0x10000000;
  }

  get ms() {
    return this.clock.nanos / 1e6;
  }

  // --- the flash: the bootrom's erase and program, with their time -----------------
  hookFlash() {
    const mcu = this.mcu;
    const table = mcu.readUint16(0x14);
    const fns = new Map();
    for (let at = table; ; at += 4) {
      const code = mcu.readUint16(at);
      if (!code) break;
      fns.set(code, mcu.readUint16(at + 2) & ~1);
    }
    this.eraseAt = fns.get(romCode('R', 'E'));
    this.programAt = fns.get(romCode('R', 'P'));
  }

  flashCall(pc) {
    const core = this.mcu.core;
    const r = core.registers;
    let ns = 0;
    let op;
    if (pc === this.eraseAt) {
      let offset = r[0];
      let left = r[1];
      const block = r[2];
      op = { op: 'erase', offset, bytes: left, at_ms: this.ms };
      if (this.powerCut(op)) return;
      while (left > 0) {
        const big = block === 65536 && offset % 65536 === 0 && left >= 65536;
        const n = big ? 65536 : 4096;
        this.mcu.flash.fill(0xff, offset, offset + n);
        ns += big ? BLOCK_ERASE_NS : SECTOR_ERASE_NS;
        offset += n;
        left -= n;
      }
    } else {
      const offset = r[0];
      const data = r[1];
      const n = r[2];
      op = { op: 'program', offset, bytes: n, at_ms: this.ms };
      if (this.powerCut(op)) return;
      const flash = this.mcu.flash;
      for (let i = 0; i < n; i++) flash[offset + i] &= this.mcu.readUint8(data + i);
      ns += Math.ceil(n / 256) * PAGE_PROGRAM_NS;
    }
    op.busy_ms = ns / 1e6;
    this.flashOps.push(op);
    core.PC = core.LR & ~1; // return from the ROM function
    this.advance(ns); // the CPU stalls; time, the PIO and the DMA go on
  }

  powerCut(op) {
    if (this.cutAfter >= 0 && this.flashOps.length >= this.cutAfter) {
      op.cut = true;
      this.flashOps.push(op);
      this.cut = true;
      return true;
    }
    return false;
  }

  // --- the PIO in emulated time -----------------------------------------------------
  hookPio() {
    for (const pio of this.mcu.pio) {
      pio.run = () => {}; // stepped by step() below, not by a wall-clock timer
      for (const m of pio.machines) m.due = 0;
    }
    this.pioNs = 0;
    this.pinNs = -1; // while the PIO runs: when the pin it changes changed
  }

  stepPio() {
    const now = this.clock.nanos;
    const sysCycles = (now - this.pioNs) / CPU_NS;
    this.pioNs = now;
    for (const pio of this.mcu.pio) {
      if (pio.stopped) continue;
      for (const m of pio.machines) {
        if (!m.enabled) {
          m.due = m.cycles;
          continue;
        }
        const div = (m.clockDivInt || 65536) + m.clockDivFrac / 256;
        if (m.due > m.cycles + 1e6 || m.due < m.cycles - 1e6) m.due = m.cycles; // restarted
        m.due += sysCycles / div;
        while (m.cycles < m.due) {
          const before = m.cycles;
          m.step();
          // a pin it changed changed when the instruction began, within this slice
          this.pinNs = now - ((m.due - before) * div * CPU_NS);
          pio.checkChangedPins();
          if (m.cycles === before) {
            if (m.waiting) {
              m.cycles = Math.ceil(m.due); // stalled the rest of this slice
              break;
            }
            m.cycles++; // e.g. an instruction that counted nothing
          }
        }
      }
    }
    this.pinNs = -1;
  }

  // --- the button matrix ------------------------------------------------------------
  hookMatrix() {
    const spec = (this.profile && this.profile.buttons) || {};
    this.rows = spec.rows || [];
    this.cols = spec.cols || [];
    const gpio = this.mcu.gpio;
    for (const r of this.rows) gpio[r].addListener(() => this.updateColumns());
    this.updateColumns();
  }

  updateColumns() {
    const gpio = this.mcu.gpio;
    const nc = this.cols.length;
    for (let c = 0; c < nc; c++) {
      let level = true; // the pull-up
      for (let r = 0; r < this.rows.length; r++) {
        const row = gpio[this.rows[r]];
        if (this.pressed.has(r * nc + c) && row.outputEnable && !row.outputValue) level = false;
      }
      if (gpio[this.cols[c]].rawInputValue !== level) gpio[this.cols[c]].setInputValue(level);
    }
  }

  press(code, down) {
    if (down) this.pressed.add(code);
    else this.pressed.delete(code);
    this.updateColumns();
  }

  // --- a sensing board: DRV5032DU hall switches read through a 74HC165 chain -----------
  // Each slot's switch samples the field every SENSOR_PERIOD_NS (its own
  // phase) and holds its two outputs (active low: north = white, south =
  // black) in between, so a stick shows up to 50 ms after it lands. PL low
  // loads every output into the chain at once; each CP rising edge shifts
  // the next bit to the data pin: chip 0's D7 .. D0, then chip 1's, ...
  hookChain() {
    const spec = this.profile && this.profile.sensors;
    if (!spec) return;
    const n = 8 * spec.chips;
    this.poles = []; // per bit: [[t_ns, level], ...] the magnet above that output over time
    for (let k = 0; k < n; k++) this.poles.push([[0, 0]]);
    const loaded = new Uint8Array(n);
    let shifted = 0;
    const gpio = this.mcu.gpio;
    const now = () => (this.pinNs >= 0 ? this.pinNs : this.clock.nanos);
    const present = () => {
      const k = 8 * (shifted >> 3) + 7 - (shifted & 7);
      const level = k < n ? !loaded[k] : true; // past the chain: its last DS, tied to GND... read as open
      if (gpio[spec.data].rawInputValue !== level) gpio[spec.data].setInputValue(level);
    };
    gpio[spec.load].addListener((value) => {
      if (value !== 0) return; // (a GPIOPinState: 0 driven low)
      const t = now();
      for (let k = 0; k < n; k++) loaded[k] = this.sensorOutput(k, t);
      shifted = 0;
      present();
    });
    gpio[spec.clock].addListener((value) => {
      if (value !== 1 || !gpio[spec.load].outputValue) return; // a rising edge while PL is high
      shifted++;
      present();
    });
    present();
  }

  sensorOutput(k, t) {
    // the switch's output at t: the field at its last sample (slot k >> 1 samples at its own phase)
    const phase = (((k >> 1) * 7919) % 50) * 1e6 + 137e3;
    const last = t < phase ? -1 : t - ((t - phase) % SENSOR_PERIOD_NS);
    let level = 0;
    for (const [at, v] of this.poles[k]) if (at <= last) level = v;
    return level;
  }

  stick(bits, colour) {
    // a stick put on a slot (its magnet's pole by colour) or taken off (colour null); a slot
    // with a third switch (Rukuni's cells): "tower" is a piece only that switch sees
    const t = this.clock.nanos;
    this.poles[bits[0]].push([t, colour === 'white' ? 1 : 0]);
    this.poles[bits[1]].push([t, colour === 'black' ? 1 : 0]);
    if (bits.length > 2) this.poles[bits[2]].push([t, colour === 'tower' ? 1 : 0]);
  }

  // --- the WS2812 chain -------------------------------------------------------------
  hookLeds() {
    const pin = this.profile && this.profile.leds ? this.profile.leds.pin : -1;
    if (pin < 0) return;
    this.bits = [];
    let rise = -1;
    let fall = 0;
    this.mcu.gpio[pin].addListener((value) => {
      const now = this.pinNs >= 0 ? this.pinNs : this.clock.nanos; // driven by the PIO, or by the CPU
      if (value === 1) {
        if (this.bits.length && now - fall > WS2812_LATCH_NS) this.endFrame(fall);
        rise = now;
      } else if (value === 0 && rise >= 0) {
        this.bits.push(now - rise > WS2812_ONE_NS ? 1 : 0);
        rise = -1;
        fall = now;
      }
    });
    this.ledFall = () => fall;
  }

  endFrame(at) {
    const bits = this.bits;
    const rgb = [];
    for (let i = 0; i + 24 <= bits.length; i += 24) {
      const byte = (k) => bits.slice(i + 8 * k, i + 8 * k + 8).reduce((a, b) => (a << 1) | b, 0);
      rgb.push([byte(1), byte(0), byte(2)]); // GRB on the wire
    }
    this.frames.push({ t_ms: at / 1e6, rgb });
    this.bits = [];
  }

  flushLeds() {
    if (this.bits && this.bits.length && this.clock.nanos - this.ledFall() > WS2812_LATCH_NS) {
      this.endFrame(this.ledFall());
    }
  }

  // --- the SSD1306 on I2C -------------------------------------------------------------
  hookDisplay() {
    const spec = this.profile && this.profile.display;
    if (!spec) return;
    const i2c = this.mcu.i2c[spec.i2c || 0];
    const addr = spec.addr || 0x3c;
    let n = 0;
    const later = (fn) => this.clock.createAlarm(fn).schedule(I2C_BYTE_NS);
    i2c.onConnect = (a) => later(() => i2c.completeConnect(a === addr));
    i2c.onWriteByte = () => {
      n++;
      later(() => i2c.completeWrite(true));
    };
    i2c.onStop = () => {
      if (n) this.i2cBytes.push({ t_ms: this.ms, n });
      n = 0;
      i2c.completeStop();
    };
  }

  // --- running ----------------------------------------------------------------------
  advance(ns) {
    // time passes with the CPU stalled: alarms fire, the PIO and the DMA run, contacts change
    const end = this.clock.nanos + ns;
    while (this.clock.nanos < end) {
      this.clock.tick(Math.min(10000, end - this.clock.nanos));
      this.applyDue(false);
      this.stepPio();
    }
  }

  applyDue(first) {
    // the contact changes of this.pending ([at_ms, code or bits, down or colour, stick], in
    // order, run.mjs's) whose time has come; first: the first one whatever its time
    const p = this.pending;
    while (p && p.length && (first || p[0][0] * 1e6 <= this.clock.nanos)) {
      const [, code, down, stick] = p.shift();
      if (stick) this.stick(code, down);
      else this.press(code, down);
      first = false;
    }
  }

  run(ms) {
    const end = this.clock.nanos + ms * 1e6;
    const core = this.mcu.core;
    const clock = this.clock;
    let pioDue = 0;
    let waiting = core.waiting;
    while (clock.nanos < end && !this.cut) {
      if (core.waiting !== waiting) {
        waiting = core.waiting;
        if (waiting) {
          const busy = clock.nanos - this.busySince;
          if (busy >= STEP_MIN_NS) this.steps.push([this.busySince / 1e6, busy / 1e6]);
        } else {
          this.busySince = clock.nanos;
        }
      }
      if (core.waiting) {
        clock.tick(Math.max(CPU_NS, Math.min(clock.nanosToNextAlarm, 10000, end - clock.nanos)));
      } else {
        const pc = core.PC;
        if (pc === this.eraseAt || pc === this.programAt) {
          this.flashCall(pc);
          continue;
        }
        clock.tick(core.executeInstruction() * CPU_NS);
      }
      if (clock.nanos >= pioDue) {
        this.stepPio();
        pioDue = clock.nanos + 1000;
      }
    }
    this.flushLeds();
  }

  sendOut() {
    const fifo = this.cdc.txFIFO;
    if (this.outWaiting === null || fifo.empty) return;
    const buffer = new Uint8Array(Math.min(this.outWaiting, fifo.itemCount));
    for (let i = 0; i < buffer.length; i++) buffer[i] = fifo.pull();
    this.outWaiting = null;
    this.mcu.usbCtrl.endpointReadDone(this.cdc.outEndpoint, buffer);
  }

  type(text) {
    for (const ch of Buffer.from(text, 'latin1')) this.cdc.sendSerialByte(ch);
    this.sendOut();
  }
}
