// NoteDecider: audio frames in, decided pitch classes out. The note input widget runs it on the
// microphone in the page; benchmarks/bench_note_input.py runs this same file under node on rendered
// sound, and benchmarks/note_decider_replay.py is its twin in Python (the tests keep them equal). It
// needs pitchy's PitchDetector in scope (vendor/pitchy.js, concatenated before it).
//
// Every `hop` samples it looks at the last `windowSize` samples with the McLeod method (pitchy). A
// look counts when it is loud enough, its clarity is at least `clarity` and its frequency lies in a
// singing or playing range; a look between two semitones (further than `cents` from the nearer: a
// vibrato leaning over, or a babble voice's glide) is skipped: it names nothing.
// Loud enough: above `gate`, and `margin` dB above the room's floor, the level the quietest
// `percentile` % of the last `floorSeconds` reach (the classroom's babble between notes), so that the
// voice nearest the microphone counts and the babble around it does not; once a sound is loud, `keep`
// dB above the floor keeps it so (a sung note dips as it goes on; babble does not begin loud).
// A look whose sound repeats as well at a third or a fifth of its period (the autocorrelation there at
// least `harmonic` times its clarity) is named at three or five times its frequency: the McLeod method
// sometimes takes a high voice's period three or five times over, a note a fifth or a third away.
// A note is decided when `agree` of the last `of` looks name the same pitch class with a mean clarity
// of at least `sure` and at most `others` of them name another, or, however sure, when `agreeDoubtful`
// of the last `ofDoubtful` do with at most `othersDoubtful` naming another: a look skipped or too quiet
// in between does not start the count again (an octave jump does not matter: only the pitch class is
// asked). After `release` looks in a row of silence or doubt the looks are forgotten, and the same
// pitch class may be decided again. When the detector is unsure it decides nothing: it never names a
// note it did not hear clearly.

export const DECIDER_SETTINGS = {
  clarity: 0.55, // pitchy's clarity gate
  agree: 5, // looks naming one pitch class (5 hops: about 53 ms at 48 kHz)...
  of: 8, // ...among the last this many...
  sure: 0.9, // ...with a mean clarity of at least this...
  others: 1, // ...and at most this many naming another
  agreeDoubtful: 9, // looks naming one pitch class, however sure...
  ofDoubtful: 16, // ...among the last this many...
  othersDoubtful: 1, // ...and at most this many naming another
  release: 5, // looks in a row of silence or doubt that forget the looks before
  gate: 0.005, // RMS below this is silence
  margin: 6, // dB above the floor for a sound to begin
  keep: 3, // dB above the floor for a sound, once begun, to go on
  floorSeconds: 2, // the floor is the level of the quietest `percentile` % of this many seconds
  percentile: 20,
  harmonic: 0.8, // autocorrelation at a third or fifth of the period, over the clarity: a subharmonic
  lowest: 65, // Hz: C2, below a bass's E2
  highest: 1400, // Hz: above a child's C6 (1047 Hz)
  cents: 35, // cents: a look further than this from its semitone (between two notes) is skipped
};

export function windowFor(sampleRate) {
  // The power of two covering 40 ms: two periods of the lowest note (E2, 12 ms a period) and more.
  let size = 256;
  while (size < sampleRate * 0.04) size *= 2;
  return size;
}

export function pitchClassOf(frequency) {
  return ((Math.round(12 * Math.log2(frequency / 440) + 69) % 12) + 12) % 12;
}

export class NoteDecider {
  constructor(sampleRate, settings = {}) {
    this.sampleRate = sampleRate;
    this.settings = { ...DECIDER_SETTINGS, ...settings };
    this.windowSize = windowFor(sampleRate);
    this.window = new Float32Array(this.windowSize);
    this.detector = PitchDetector.forFloat32Array(this.windowSize);
    this.loudSince = null; // when the sound now heard began (seconds), null in silence
    this.looks = []; // the last looks: {pitchClass, clarity, since} or null for a look naming nothing
    this.decided = null; // the pitch class decided last, until the looks are forgotten
    this.doubt = 0; // looks in a row without a clear pitch
    this.floor = null; // dB: the level between notes
    this.levels = []; // dB: the last hops' levels, for the floor
  }

  // Feed the next samples, which end at `time` (seconds); a decision {pitch_class, clarity,
  // frequency, time, onset, latency} or null. `latency` is seconds from the first look, among those
  // that decided, naming the note.
  push(samples, time) {
    const { window, windowSize } = this;
    const n = samples.length;
    if (n >= windowSize) {
      window.set(samples.subarray(n - windowSize));
    } else {
      window.copyWithin(0, n);
      window.set(samples, windowSize - n);
    }
    let energy = 0;
    for (let i = 0; i < n; i++) energy += samples[i] * samples[i];
    const level = Math.sqrt(energy / Math.max(n, 1));
    const db = 20 * Math.log10(Math.max(level, 1e-9));
    const s = this.settings;
    this.floor = this._floor(db, n);
    const loud = level >= s.gate && db >= this.floor + (this.loudSince === null ? s.margin : s.keep);
    const start = time - n / this.sampleRate; // when these samples began
    const look = loud ? this._look(start, n) : null;
    if (!loud) this.loudSince = null;
    if (look === undefined || !loud) {
      this.doubt += 1;
      if (this.doubt >= s.release) {
        this.decided = null;
        this.looks = [];
      }
    } else {
      this.doubt = 0;
    }
    this.looks.push(look || null);
    const most = Math.max(s.of, s.ofDoubtful);
    if (this.looks.length > most) this.looks.splice(0, this.looks.length - most);
    if (!look || look.pitchClass === this.decided) return null;
    for (const [agree, of, sure, others] of [[s.agree, s.of, s.sure, s.others],
      [s.agreeDoubtful, s.ofDoubtful, 0, s.othersDoubtful]]) {
      const heard = this.looks.slice(-of).filter((other) => other !== null);
      const own = heard.filter((other) => other.pitchClass === look.pitchClass);
      const clarity = own.reduce((sum, other) => sum + other.clarity, 0) / own.length;
      if (own.length >= agree && heard.length - own.length <= others && clarity >= sure) {
        this.decided = look.pitchClass;
        return { pitch_class: look.pitchClass, clarity, frequency: look.frequency, time,
                 onset: own[0].since, latency: time - own[0].since };
      }
    }
    return null;
  }

  // What a loud look names: {pitchClass, clarity, frequency, since}; null when it falls between two
  // semitones (skipped), undefined when it has no clear pitch in range (doubt).
  _look(start, n) {
    const s = this.settings;
    if (this.loudSince === null) this.loudSince = start;
    let [frequency, clarity] = this.detector.findPitch(this.window, this.sampleRate);
    frequency = this._fundamental(frequency, clarity);
    if (!(clarity >= s.clarity && frequency >= s.lowest && frequency <= s.highest)) return undefined;
    const semitones = 12 * Math.log2(frequency / 440);
    if (100 * Math.abs(semitones - Math.round(semitones)) > s.cents) return null;
    // the note began at the latest with this window, and not before the sound did
    const since = Math.max(this.loudSince, start - (this.windowSize - n) / this.sampleRate);
    return { pitchClass: pitchClassOf(frequency), clarity, frequency, since };
  }

  // The floor after a hop of `n` samples at `db`: the `percentile` of the last `floorSeconds`' levels
  // (until ten hops are heard, the loudest: nothing is loud before the room is known).
  _floor(db, n) {
    const { levels, settings: s } = this;
    levels.push(db);
    const most = Math.max(10, Math.round((s.floorSeconds * this.sampleRate) / n));
    while (levels.length > most) levels.shift();
    const sorted = [...levels].sort((a, b) => a - b);
    if (sorted.length < 10) return sorted[sorted.length - 1];
    const at = ((sorted.length - 1) * s.percentile) / 100; // linear between ranks, as numpy's
    const below = Math.floor(at);
    const above = Math.min(below + 1, sorted.length - 1);
    return sorted[below] + (sorted[above] - sorted[below]) * (at - below);
  }

  // The frequency heard: three or five times `frequency` when the window repeats as well at a third
  // or a fifth of its period (a subharmonic taken for the note), else `frequency` itself.
  _fundamental(frequency, clarity) {
    const s = this.settings;
    if (!(frequency > 0)) return frequency;
    for (const k of [3, 5]) {
      const higher = frequency * k;
      if (higher <= s.highest && this._repeats(this.sampleRate / higher) >= s.harmonic * clarity) {
        return higher;
      }
    }
    return frequency;
  }

  // How well the window repeats after about `lag` samples (the highest normalized autocorrelation,
  // McLeod's NSDF, within 3 % of it).
  _repeats(lag) {
    const x = this.window;
    let best = -1;
    for (let l = Math.max(1, Math.floor(lag * 0.97) - 1); l <= Math.ceil(lag * 1.03) + 1; l++) {
      let product = 0;
      let energy = 0;
      for (let i = 0; i + l < x.length; i++) {
        product += x[i] * x[i + l];
        energy += x[i] * x[i] + x[i + l] * x[i + l];
      }
      if (energy > 0) best = Math.max(best, (2 * product) / energy);
    }
    return best;
  }
}
