import { useEffect, useRef, useState } from 'react';
import { defaultSettings, type ScannerSettings } from '../../shared/domain/settings';
import { useApp } from '../store/app';
import { ScanDetector, type Ended, type Release, type Verdict } from './detector';
import { insert, restore, snapshot, type FieldSnapshot } from './field';
import { ScanQueue } from './queue';
import { GS, isGsKey, isModifierKey } from './gs-key';

export interface ScannerOptions {
  enabled?: boolean;
  /** Every keydown and the verdict (the scanner test in settings). */
  onKey?: (e: KeyboardEvent, verdict: Verdict) => void;
  /** A burst that turned out to be typing (the scanner test explains it). */
  onRelease?: (text: string) => void;
  /**
   * Characters typed outside any text field, once it is clear they are not (the start of) a
   * scan: the Counts screen takes digits as the quantity for the next scan. Returns how to take
   * them back: the timer may end a run whose next keys were still on their way (a busy
   * computer), and those keys' time stamps show it went on (`retract`).
   */
  onTyped?: (text: string) => (() => void) | undefined;
}

/**
 * Scans from a keyboard-wedge scanner, whatever has focus on the screen that uses this hook.
 * Listens in the capture phase so a scan never ends up typed into a field; queues scans so each
 * is stored after the previous one, none lost. Alt/Ctrl/Meta combinations (screen shortcuts) and
 * IME composition are never scans.
 */
export function useScanner(onScan: (code: string) => unknown, options: ScannerOptions = {}) {
  const settings: ScannerSettings = useApp((s) => s.settings?.scanner) ?? defaultSettings.scanner;
  const enabled = options.enabled ?? true;
  const onScanRef = useRef(onScan);
  const optsRef = useRef(options);
  useEffect(() => {
    onScanRef.current = onScan;
    optsRef.current = options;
  });
  const [pending, setPending] = useState(0);
  const { prefix, suffix, maxInterKeyMs, minLength, usePhysicalKeys } = settings;

  useEffect(() => {
    if (!enabled) return;
    const detector = new ScanDetector({ prefix, suffix, maxInterKeyMs, minLength, usePhysicalKeys });
    const queue = new ScanQueue((code) => onScanRef.current(code));
    const unsub = queue.subscribe(setPending);
    let field: FieldSnapshot | null = null;
    /** What the timer's last release did, until the next key shows whether the run had ended. */
    let released: { field: FieldSnapshot | null; inserted: boolean; undo?: () => void } | null = null;

    const finish = (r: Release) => {
      let undo: (() => void) | undefined;
      if (r.type === 'scan') {
        if (r.restore && field) restore(field);
        // Keys a person typed just before the scan (a quantity) stay typing, ahead of the scan.
        if (r.typed !== undefined) {
          if (field) insert(field, r.typed);
          else optsRef.current.onTyped?.(r.typed);
        }
        queue.enqueue(r.code);
      } else {
        if (field && r.swallowed) insert(field, r.text);
        if (r.swallowed) optsRef.current.onRelease?.(r.text);
        if (!field) undo = optsRef.current.onTyped?.(r.text);
      }
      field = null;
      return undo;
    };
    const ended = (v: { ended?: Ended }) => {
      if (v.ended) finish(v.ended);
    };
    /** The run the timer ended goes on (its next keys came late): the page gets back what it had before. */
    const retract = () => {
      const r = released;
      released = null;
      if (!r) return;
      if (r.field && r.inserted) restore(r.field);
      r.undo?.();
      field = r.field;
    };

    const onKeyDown = (e: KeyboardEvent) => {
      const gs = isGsKey(e);
      // A shortcut (a key with Alt/Ctrl/Meta) ends a run as typing; the modifier pressed on its own
      // does not (a scanner presses Control before the ] of its GS).
      if (!gs && !isModifierKey(e) && (e.isComposing || e.altKey || e.ctrlKey || e.metaKey)) {
        released = null;
        const r = detector.flush();
        if (r) finish(r);
        return;
      }
      const time = e.timeStamp || performance.now();
      const v = detector.feed(gs ? { code: '', key: GS, shiftKey: false, time } : { code: e.code, key: e.key, shiftKey: e.shiftKey, time });
      optsRef.current.onKey?.(e, v);
      if (v.retract) retract();
      else if (!isModifierKey(e)) released = null;
      if (v.type === 'first') {
        ended(v);
        field = snapshot(document.activeElement);
      } else if (v.type === 'pass') {
        ended(v);
      } else if (v.type === 'swallow') {
        e.preventDefault();
        e.stopPropagation();
        if (v.restore && field) restore(field);
      } else if (v.type === 'scan') {
        e.preventDefault();
        e.stopPropagation();
        finish(v);
      }
    };
    // How long a key was held tells a person's key from a scanner's (ScanDetector.typedLead).
    const onKeyUp = (e: KeyboardEvent) => detector.keyUp({ code: e.code, key: e.key, time: e.timeStamp || performance.now() });
    window.addEventListener('keydown', onKeyDown, { capture: true });
    window.addEventListener('keyup', onKeyUp, { capture: true });
    // The page's clock, when the timer got to run; keys are judged by their own time stamps (when
    // the keyboard delivered them), and a release here is taken back when the next key shows the
    // run went on (ScanDetector.tick).
    const timer = setInterval(
      () => {
        const r = detector.tick(performance.now());
        if (!r) return;
        const at = field;
        const undo = finish(r);
        released = r.type === 'release' ? { field: at, inserted: !!at && r.swallowed, undo } : null;
      },
      Math.max(10, Math.floor(maxInterKeyMs / 2)),
    );
    return () => {
      window.removeEventListener('keydown', onKeyDown, { capture: true });
      window.removeEventListener('keyup', onKeyUp, { capture: true });
      clearInterval(timer);
      unsub();
    };
  }, [enabled, prefix, suffix, maxInterKeyMs, minLength, usePhysicalKeys]);

  return { pending };
}
