import { lazy, Suspense, type ComponentProps } from 'react';
import type { PrintPreview as Sheet } from './PrintPreview';

const Loaded = lazy(() => import('./PrintPreview').then((m) => ({ default: m.PrintPreview })));

/**
 * The print sheet, loaded the first time one opens: its barcode writer (bwip-js) was more than half
 * of the renderer's code, and every start of the app (and every reload) parsed it.
 */
export function PrintPreview(props: ComponentProps<typeof Sheet>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
