import { useScanner } from '../scanner/useScanner';
import { useUi } from '../store/ui';

/**
 * On a screen that does not use scans, a scan is not silently lost: the worker is told where to go.
 * `quietWhen`: a part of the screen that takes scans is shown (Settings' scanner test).
 */
export function NoScanHere({ quietWhen }: { quietWhen?: () => boolean }) {
  const toast = useUi((s) => s.toast);
  useScanner((code) => {
    if (!quietWhen?.()) toast('warning', { key: 'scanNotHere', params: { code } });
  });
  return null;
}
