// The homework edition's player: the browser's Web Audio plays the note events muzlab sends
// ([beat, beats, MIDI number], `seconds` a beat: 0.5 s unless set), on its button (labelled by
// `description`, in the reader's language, styled as the app's buttons) or at once when `plays` grows with
// autoplay (once per play, however many views the widget has, and also when the view is drawn after
// the play, as the ear trainer's first item is). `data-muz-sound` on the widget lists the MIDI numbers
// it scheduled last.
let context = null;
// The `plays` each widget (its model) has sounded last: a play sounds once, in one view.
const sounded = new WeakMap();

function tone(audio, midi, start, seconds) {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = "triangle";
  oscillator.frequency.value = 440 * 2 ** ((midi - 69) / 12);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + seconds + 0.05);
}

function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "jupyter-button widget-button muz-sound-play";
  button.type = "button";
  const label = () => { button.textContent = model.get("description"); };
  label();
  model.on("change:description", label);
  el.classList.add("muz-sound");
  el.appendChild(button);
  const play = () => {
    const events = model.get("events");
    if (!events.length) return;
    context = context || new AudioContext();
    context.resume();
    const start = context.currentTime + 0.05;
    const beat = model.get("seconds");
    for (const [at, beats, midi] of events) tone(context, midi, start + at * beat, beats * beat);
    el.dataset.muzSound = events.map((event) => event[2]).join(" ");
  };
  const sync = () => { button.disabled = !model.get("events").length; };
  button.addEventListener("click", play);
  model.on("change:events", sync);
  const autoplay = () => {
    const plays = model.get("plays");
    if (!model.get("autoplay") || plays <= (sounded.get(model) || 0)) return;
    sounded.set(model, plays);
    play();
  };
  model.on("change:plays", autoplay);
  sync();
  autoplay();
}

export default { render };
