import { create } from 'zustand';
import { interpretScan, type CountCommand } from '../../../shared/gs1/scan-intent';
import { useApp } from '../../store/app';
import { useCounts } from '../../store/counts';

/** How long the notice of a command barcode stays: it says what a scan did, then makes room. */
export const COMMAND_NOTICE_MS = 8000;

const NO_NOTICE = { command: null, code: null, ok: true, at: 0 };

/** The last command barcode read on the Counts screen, for the notice under the card. */
export const useCommandNotice = create<{ command: CountCommand | null; code: string | null; ok: boolean; at: number }>(() => NO_NOTICE);

let noticeTimer: ReturnType<typeof setTimeout> | null = null;

export function clearCommandNotice(): void {
  if (noticeTimer) clearTimeout(noticeTimer);
  noticeTimer = null;
  if (useCommandNotice.getState().code !== null) useCommandNotice.setState(NO_NOTICE);
}

function showCommandNotice(command: CountCommand | null, code: string, ok: boolean): void {
  if (noticeTimer) clearTimeout(noticeTimer);
  useCommandNotice.setState({ command, code, ok, at: Date.now() });
  noticeTimer = setTimeout(clearCommandNotice, COMMAND_NOTICE_MS);
}

// A notice belongs to the session it was scanned in: signing out, signing in or starting training ends it.
useApp.subscribe((s, prev) => {
  if (s.session.signedIn !== prev.session.signedIn || s.session.training !== prev.session.training || s.session.user !== prev.session.user)
    clearCommandNotice();
});

/**
 * A scanned command barcode (the printed command sheet) does what its button does. Returns false
 * when the code is no command, so the caller counts it. Commands work while a count is open; they
 * are never taken for a product or a storage code.
 */
export async function runCountCommand(code: string, screen: { review(): void }): Promise<boolean | 'refused'> {
  const intent = interpretScan(code);
  if (intent.kind !== 'command') return false;
  const c = useCounts.getState();
  const open = c.session?.state === 'open';
  const notice = (ok: boolean) => showCommandNotice(intent.command, intent.code, ok);
  const cmd = intent.command;
  if (!cmd || !open) {
    notice(false);
    return 'refused';
  }
  switch (cmd.type) {
    case 'undo':
      await c.undo(1);
      break;
    case 'review':
      if (c.session!.lineCount === 0) {
        notice(false);
        return 'refused';
      }
      screen.review();
      break;
    case 'finish':
      c.closeSession();
      break;
    case 'cancelQuantity':
      c.setNextQuantity(null);
      break;
    case 'quantity':
      c.setNextQuantity(cmd.quantity);
      break;
  }
  notice(true);
  return true;
}

/** A shelf label's storage code, without the symbology identifier a scanner may put before it. */
export function shelfCode(code: string): string {
  const intent = interpretScan(code);
  return intent.kind === 'plain' ? intent.code : code;
}
