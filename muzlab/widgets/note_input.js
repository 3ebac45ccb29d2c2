// The note input: a note sung or played into the microphone, a MIDI keyboard's note-on, a typed key
// or a clicked note button becomes a pitch class sent to Python ({note, source, clarity, latency}).
// The microphone's sound stays in the page: NoteDecider (note_decider.js) runs here on each frame
// and only decided pitch classes are sent. `names` (12 names, spelled by Python's Reader) label what
// it hears; `words` (Python's gettext) hold every sentence, including the one line saying why it
// cannot listen. On the element: data-muz-heard (the decisions, with their latencies), data-muz-why
// (which reason was shown), data-muz-microphone (the microphone's settings as read back) and
// data-muz-frame-ms (the detector's mean time per frame).

// The computer keyboard's fallback: a piano's white and black keys on one row of letters (C to B).
const KEYS = "awsedftgyhuj";
const HOP = 512; // samples between two looks at the sound (about 11 ms at 48 kHz)

function allowed(feature) {
  // false when the page's Permissions Policy forbids `feature` (a frame without allow="..."); true
  // where the browser cannot tell
  const policy = document.permissionsPolicy || document.featurePolicy;
  return !policy || typeof policy.allowsFeature !== "function" || policy.allowsFeature(feature);
}

function render({ model, el }) {
  el.classList.add("muz-note-input");
  el.tabIndex = 0;
  el.setAttribute("data-lm-suppress-shortcuts", "true"); // a note's letter is not JupyterLab's (a: new cell)
  const words = () => model.get("words");
  const names = () => model.get("names");
  const row = (className) => {
    const div = document.createElement("div");
    div.className = className;
    div.style.cssText = "display:flex;flex-wrap:wrap;gap:4px;align-items:center;margin:2px 0";
    el.appendChild(div);
    return div;
  };
  const button = (parent, className) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "jupyter-button widget-button " + className;
    parent.appendChild(b);
    return b;
  };
  const controls = row("muz-note-controls");
  const micButton = button(controls, "muz-note-listen");
  const midiButton = button(controls, "muz-note-midi");
  const shown = document.createElement("span");
  shown.className = "muz-note-heard";
  shown.setAttribute("aria-live", "polite");
  shown.style.cssText = "font-size:1.6em;font-weight:bold;min-width:3em;text-align:center";
  const sure = document.createElement("meter");
  sure.className = "muz-note-sure";
  sure.min = 0;
  sure.max = 1;
  sure.value = 0;
  controls.append(shown, sure);
  const keys = row("muz-note-keys");
  const why = row("muz-note-why");
  why.style.color = "#b00";
  why.setAttribute("role", "status");

  const heard = [];
  let last = null; // {pitch_class, clarity}
  let reason = null;
  let microphone = null; // {stream, context, processor} while listening

  const say = (key) => {
    reason = key;
    why.textContent = key ? words()[key] || key : "";
    if (key) el.dataset.muzWhy = key;
    else delete el.dataset.muzWhy;
  };
  const showHeard = () => {
    shown.textContent = last ? names()[last.pitch_class] : "–";
    sure.value = last ? last.clarity : 0;
    const percent = last ? Math.round(last.clarity * 100) : 0;
    sure.title = (words().sure || "{percent}%").replace("{percent}", percent);
    sure.setAttribute("aria-label", sure.title);
  };
  const note = (pitchClass, source, clarity, latency) => {
    last = { pitch_class: pitchClass, clarity };
    heard.push({ pitch_class: pitchClass, source, clarity, latency });
    el.dataset.muzHeard = JSON.stringify(heard);
    showHeard();
    model.send({ note: pitchClass, source, clarity, latency });
  };

  const noteButtons = [];
  for (let pc = 0; pc < 12; pc++) {
    const b = button(keys, "muz-note-key");
    b.dataset.pitchClass = pc;
    b.style.minWidth = "2.5em";
    b.addEventListener("click", () => note(pc, "click", 1, 0));
    noteButtons.push(b);
  }
  el.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.target.tagName === "INPUT") return;
    const pc = KEYS.indexOf(event.key.toLowerCase());
    if (pc < 0) return;
    event.preventDefault();
    event.stopPropagation();
    note(pc, "keys", 1, 0);
  });

  const label = () => {
    const w = words();
    micButton.textContent = microphone ? w.stop : w.listen;  // (words only: no emoji font on many school machines)
    midiButton.textContent = w.midi;
    names().forEach((name, pc) => {
      noteButtons[pc].textContent = name;
      noteButtons[pc].title = (w.key || "{letter}").replace("{letter}", KEYS[pc].toUpperCase());
    });
    keys.setAttribute("role", "group");
    keys.setAttribute("aria-label", w.keys || "");
    el.setAttribute("role", "group"); // (it takes the keys' letters: a stop with a name, not a bare div)
    el.setAttribute("aria-label", w.name || "");
    if (reason) say(reason);
    showHeard();
  };

  const stopListening = () => {
    if (!microphone) return;
    microphone.stream.getTracks().forEach((track) => track.stop());
    microphone.processor.disconnect();
    microphone.context.close();
    microphone = null;
    label();
  };
  const startListening = async () => {
    if (!window.isSecureContext) return say("insecure");
    if (!allowed("microphone")) return say("frame");
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return say("no_microphone");
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
      });
    } catch (error) {
      if (error.name === "NotAllowedError" || error.name === "SecurityError") {
        return say(allowed("microphone") ? "denied" : "frame");
      }
      return say("no_microphone");
    }
    const track = stream.getAudioTracks()[0];
    const settings = track.getSettings();
    const context = new AudioContext();
    await context.resume();
    el.dataset.muzMicrophone = JSON.stringify({
      echoCancellation: settings.echoCancellation, noiseSuppression: settings.noiseSuppression,
      autoGainControl: settings.autoGainControl, sampleRate: context.sampleRate,
    });
    const source = context.createMediaStreamSource(stream);
    const processor = context.createScriptProcessor(HOP, 1, 1);
    const silent = context.createGain();
    silent.gain.value = 0; // the processor runs only when connected to the output; nothing is heard
    const decider = new NoteDecider(context.sampleRate);
    let samples = 0;
    let frames = 0;
    let spent = 0;
    processor.onaudioprocess = (event) => {
      const input = event.inputBuffer.getChannelData(0);
      samples += input.length;
      const began = performance.now();
      const decided = decider.push(input, samples / context.sampleRate);
      spent += performance.now() - began;
      frames += 1;
      el.dataset.muzFrameMs = (spent / frames).toFixed(3);
      if (decided) note(decided.pitch_class, "microphone", decided.clarity, decided.latency);
    };
    source.connect(processor);
    processor.connect(silent).connect(context.destination);
    microphone = { stream, context, processor };
    say(null);
    label();
  };
  micButton.addEventListener("click", () => (microphone ? stopListening() : startListening()));

  const startMidi = async () => {
    if (!window.isSecureContext) return say("insecure");
    if (!navigator.requestMIDIAccess) return say("no_midi");
    if (!allowed("midi")) return say("frame");
    let access;
    try {
      access = await navigator.requestMIDIAccess();
    } catch (error) {
      return say("midi_denied");
    }
    const onMessage = (event) => {
      const [status, number, velocity] = event.data;
      if ((status & 0xf0) === 0x90 && velocity > 0) {
        note(number % 12, "midi", 1, Math.max(0, performance.now() - event.timeStamp) / 1000);
      }
    };
    const attach = () => {
      for (const input of access.inputs.values()) input.onmidimessage = onMessage;
      el.dataset.muzMidiInputs = access.inputs.size;
      say(access.inputs.size ? null : "no_midi_inputs");
    };
    access.onstatechange = attach;
    attach();
  };
  midiButton.addEventListener("click", startMidi);

  model.on("change:names", label);
  model.on("change:words", label);
  label();
  if (!window.isSecureContext) say("insecure"); // said at once: the page never could listen
  return stopListening;
}

export default { render };
