// Runs the note input's detector (the module the widget ships: vendor/pitchy.js + note_decider.js,
// written out by bench_note_input.py) on raw float32 sound files, under node, the way the page does:
// hops of 512 samples into a NoteDecider. Also runs the same decider on a plain autocorrelation, the
// naive reference. Usage: node note_input_node.mjs DETECTOR.mjs JOBS.json; prints JSON results:
// for each job and method, the decisions [time, pitch class, clarity] and the mean ms a frame, and for
// a job asking for `looks`, pitchy's [time, frequency, clarity] on every hop's window (the clean
// sound's pitch, from which the benchmark finds when each note's pitch is steady); for a job naming a
// `features` file, what the decider saw in every hop, written to FILE.METHOD as float64s (see lookAt).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [detectorPath, jobsPath] = process.argv.slice(2);
const { NoteDecider } = await import(pathToFileURL(detectorPath).href);
const HOP = 512;

// The naive reference: the plain (time-domain) autocorrelation's highest peak after it first drops
// below zero, its height over the energy as the clarity.
function autocorrelation(window, sampleRate) {
  const n = window.length;
  const minLag = Math.floor(sampleRate / 1400);
  const maxLag = Math.min(n - 1, Math.ceil(sampleRate / 65));
  let energy = 0;
  for (let i = 0; i < n; i++) energy += window[i] * window[i];
  if (energy === 0) return [0, 0];
  let crossed = false;
  let best = 0;
  let bestLag = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    let sum = 0;
    for (let i = 0; i + lag < n; i++) sum += window[i] * window[i + lag];
    if (sum < 0) crossed = true;
    if (crossed && sum > best) {
      best = sum;
      bestLag = lag;
    }
  }
  return bestLag ? [sampleRate / bestLag, best / energy] : [0, 0];
}

// What the decider sees in a hop, whether or not it is loud: its level (dB), the detector's frequency
// and clarity on the window, and how well the window repeats at a third and a fifth of that period
// (-1 where that frequency is out of range): the replay in note_decider_replay.py decides on these.
function lookAt(decider, hop, sampleRate) {
  let energy = 0;
  for (let i = 0; i < hop.length; i++) energy += hop[i] * hop[i];
  const db = 20 * Math.log10(Math.max(Math.sqrt(energy / Math.max(hop.length, 1)), 1e-9));
  const [frequency, clarity] = decider.detector.findPitch(decider.window, sampleRate);
  const repeats = [3, 5].map((k) => (frequency > 0 && frequency * k <= decider.settings.highest
    ? decider._repeats(sampleRate / (frequency * k)) : -1));
  return [db, frequency, clarity, ...repeats];
}

const results = [];
for (const job of JSON.parse(readFileSync(jobsPath, "utf8"))) {
  const bytes = readFileSync(job.path);
  const sound = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const result = { id: job.id };
  for (const method of job.methods) {
    const decider = new NoteDecider(job.sample_rate, job.settings || {});
    if (method === "autocorrelation") decider.detector = { findPitch: autocorrelation };
    const decisions = [];
    const looks = [];
    const features = [];
    let frames = 0;
    const began = process.hrtime.bigint();
    for (let end = HOP; end <= sound.length; end += HOP) {
      const decided = decider.push(sound.subarray(end - HOP, end), end / job.sample_rate);
      frames += 1;
      if (decided) decisions.push([decided.time, decided.pitch_class, decided.clarity]);
      if (job.looks) looks.push([end / job.sample_rate, ...decider.detector.findPitch(decider.window, job.sample_rate)]);
      if (job.features) features.push(...lookAt(decider, sound.subarray(end - HOP, end), job.sample_rate));
    }
    const ms = Number(process.hrtime.bigint() - began) / 1e6;
    result[method] = { decisions, ms_per_frame: ms / frames };
    if (job.looks) result[method].looks = looks;
    if (job.features) writeFileSync(`${job.features}.${method}`, new Float64Array(features));
  }
  results.push(result);
}
process.stdout.write(JSON.stringify(results));
