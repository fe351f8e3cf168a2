import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorText } from '../../src/renderer/components/ErrorText';
import { setLanguage } from '../../src/renderer/i18n';
import type { AppErrorShape } from '../../src/shared/result';

afterEach(() => {
  cleanup();
  act(() => setLanguage('tr'));
});

/** Everything the alert holds, its folded technical details too. */
const allText = (el: HTMLElement) => el.textContent ?? '';

const refused: AppErrorShape = {
  code: 'service_error',
  message: 'the service refused the write (HTTP 400): SKU RAF-9 not found',
  params: { status: 400, reason: 'refused', said: 'SKU RAF-9 not found' },
};
const shelf: AppErrorShape = {
  code: 'invalid_input',
  message: "A-01 is a storage code's label, not a product",
  params: { reason: 'storage_code_scanned', code: 'A-01', storageCode: 'A-01' },
};
const internal: AppErrorShape = { code: 'internal', message: 'SQLITE_BUSY: database is locked' };

describe('Technical details in the worker’s language (issue 46.12)', () => {
  it('Turkish: no English sentence of the core under Technical details; the answer code and the service’s own words are there', () => {
    act(() => setLanguage('tr'));
    const { container } = render(
      <>
        <ErrorText error={refused} />
        <ErrorText error={shelf} />
        <ErrorText error={internal} />
      </>,
    );
    const [a, b, c] = Array.from(container.querySelectorAll<HTMLElement>('.error'));
    for (const el of [a!, b!, c!]) {
      expect(el.querySelector('details summary')?.textContent).toBe('Teknik ayrıntılar (destek için)');
      expect(allText(el)).not.toMatch(/refused the write|storage code's label|not a product|database is locked|\bthe\b|\bis\b/);
    }
    expect(a!.querySelector('details')!.textContent).toContain('400');
    expect(a!.querySelector('details')!.textContent).toContain('SKU RAF-9 not found');
    expect(b!.querySelector('details')!.textContent).toContain('storage_code_scanned');
  });

  it('English: the core’s own text is still given to support', () => {
    act(() => setLanguage('en'));
    const { container } = render(<ErrorText error={refused} />);
    expect(container.querySelector('details')!.textContent).toContain('the service refused the write (HTTP 400): SKU RAF-9 not found');
  });
});
