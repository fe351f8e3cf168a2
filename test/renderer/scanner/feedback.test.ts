import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The scan beep's audio context: a stand-in written to the Web Audio API's documented surface
 * (jsdom has no audio). What is checked is what a warehouse PC notices: the context that renders
 * sound all day (about 5 % of a core in Chromium while it runs, silent or not) is suspended once
 * the scans stop, and the next scan's beep wakes it.
 */
class FakeAudioContext {
  static made = 0;
  state: 'running' | 'suspended' = 'running';
  currentTime = 0;
  destination = {};
  calls: string[] = [];
  constructor() {
    FakeAudioContext.made++;
  }
  createOscillator() {
    const node = {
      type: '',
      frequency: { value: 0 },
      connect: (n: unknown) => n,
      start: () => this.calls.push('start'),
      stop: () => undefined,
    };
    return node;
  }
  createGain() {
    return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: (n: unknown) => n };
  }
  suspend() {
    this.calls.push('suspend');
    this.state = 'suspended';
    return Promise.resolve();
  }
  resume() {
    this.calls.push('resume');
    this.state = 'running';
    return Promise.resolve();
  }
}

let made: FakeAudioContext[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  made = [];
  vi.stubGlobal(
    'AudioContext',
    class extends FakeAudioContext {
      constructor() {
        super();
        made.push(this);
      }
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('scan beep', () => {
  it('suspends its audio context 30 s after the last beep and wakes it for the next one', async () => {
    const { beep } = await import('../../../src/renderer/scanner/feedback');
    beep('ok');
    expect(made).toHaveLength(1);
    const ctx = made[0]!;
    expect(ctx.calls).toEqual(['start']);
    // Scans keep coming: the context keeps running.
    vi.advanceTimersByTime(20_000);
    beep('ok');
    vi.advanceTimersByTime(20_000);
    expect(ctx.state).toBe('running');
    vi.advanceTimersByTime(10_000);
    expect(ctx.state).toBe('suspended');
    beep('error');
    expect(made).toHaveLength(1);
    expect(ctx.calls).toEqual(['start', 'start', 'suspend', 'resume', 'start', 'start']);
    expect(ctx.state).toBe('running');
  });

  it('makes no sound and no context when sounds are off', async () => {
    const { beep } = await import('../../../src/renderer/scanner/feedback');
    beep('ok', false);
    expect(made).toHaveLength(0);
  });
});
