import { useScanner } from '../scanner/useScanner';
import { useUi } from '../store/ui';

/** On a screen that does not use scans, a scan is not silently lost: the worker is told where to go. */
export function NoScanHere() {
  const toast = useUi((s) => s.toast);
  useScanner((code) => toast('warning', { key: 'scanNotHere', params: { code } }));
  return null;
}
