import { logger } from '../log';

const log = logger('alerts');
let context: AudioContext | null = null;

/**
 * A short two-note chime made with Web Audio, so no sound file ships with the app. Best effort:
 * a browser that refuses audio (no gesture yet, no device) stays silent.
 */
export const playTone = (): void => {
  try {
    context ??= new AudioContext();
    void context.resume().catch(() => undefined);
    const start = context.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = freq;
      const t = start + i * 0.12;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.2, t + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.11);
      osc.connect(gain).connect(context.destination);
      osc.start(t);
      osc.stop(t + 0.12);
    }
  } catch (err) {
    log.debug('could not play the alert tone', err);
  }
};
