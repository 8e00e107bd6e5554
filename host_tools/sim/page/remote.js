// Remote play in the browser (docs/remote.md): the page is a board (or a
// spectator) of a game on an MQTT broker, reached over WebSockets with npm
// `mqtt`. The firmware's own seat and shared log decide everything
// (remote_glue.py); this file only carries messages. Opened as
//   ?layout=kahuna&remote=CODE&seat=white&broker=wss://HOST:9001&user=CODE-white#password=...
// (seat empty or "watch": a spectator; a game's own seats: bison and wolf in Duell, Kanaloa's
// colours with &seats=red,blue,green; `companion broker` prints these links).
// The password stays in the page: the fragment never goes to the server, and
// the page keeps it in the tab's sessionStorage and takes it out of its address.
import mqttModule from "/mqtt/mqtt.esm.js";

const mqtt = mqttModule.connect ? mqttModule : mqttModule.default;

const OUTBOX_MS = 20;
const RECONNECT_MS = 1000;
const now = () => Math.floor(performance.now()) & 0x3fffffff; // (the seat's clock wraps as ticks_ms)

// The password: from the address's fragment (or, as before, its query), kept for the
// game and seat in this tab (a reload finds it), and out of the address at once.
function password(params, seat) {
  const key = `companion-sim/remote-password/${params.get("remote")}/${seat || "watch"}`;
  const given = new URLSearchParams(location.hash.slice(1)).get("password") || params.get("password");
  if (given) {
    sessionStorage.setItem(key, given);
    const url = new URL(location.href);
    if (url.searchParams.has("password")) url.searchParams.delete("password"); // (else the query stays as written)
    url.hash = "";
    history.replaceState(history.state, "", url.href);
  }
  return given || sessionStorage.getItem(key) || undefined;
}

export async function join(mp, name, params) {
  mp.FS.writeFile("/remote_glue.py", await (await fetch("remote_glue.py")).text());
  const rg = mp.pyimport("remote_glue");
  const seat = params.get("seat") === "watch" ? "" : params.get("seat") || "";
  const setup = JSON.parse(rg.join(name, params.get("remote"), seat, params.get("seats") || ""));
  if (setup.refused) { console.warn("remote:", setup.refused); return false; } // the display says it too
  const options = {
    username: params.get("user") || undefined,
    password: password(params, seat),
    clientId: `kc-${params.get("remote")}-${seat || "watch" + Math.floor(Math.random() * 1e6)}`,
    keepalive: 10, reconnectPeriod: RECONNECT_MS, protocolVersion: 4, clean: true,
  };
  if (setup.will) options.will = { topic: setup.will[0], payload: setup.will[1], retain: true, qos: 0 };
  const client = mqtt.connect(params.get("broker") || "ws://127.0.0.1:9001", options);
  client.on("connect", () => {
    for (const t of setup.topics) client.subscribe(t);
    rg.online(name, true, now());
  });
  // a seat open elsewhere too (the broker keeps one link per seat): the firmware says how long to wait
  client.on("close", () => {
    client.options.reconnectPeriod = Math.max(RECONNECT_MS, rg.online(name, false, now()));
    if (setup.will) client.options.will.payload = JSON.parse(rg.will(name))[1]; // the next link's (presence.py)
  });
  client.on("error", (e) => console.warn("remote:", e.message)); // e.g. not authorised; it retries
  client.on("message", (topic, payload) => {
    const wait = rg.receive(name, topic, new TextDecoder().decode(payload));
    // another live board or page holds this seat: a goodbye (no last will), and a try later
    if (wait) client.end(false, () => setTimeout(() => client.reconnect(), wait));
  });
  setInterval(() => {
    if (!client.connected) return;
    for (const [t, p, retain] of JSON.parse(rg.outbox(name, now()))) client.publish(t, p, { retain, qos: 0 });
  }, OUTBOX_MS);
  window.remote = { state: () => JSON.parse(rg.state(name)), connected: () => client.connected,
    stop: () => client.end(true) }; // (a tab that stops for another: sim.js)
  return true;
}
