import { describe, expect, it } from 'vitest';
import { ok } from '../../src/shared/result';
import { pagedList, type PagedRows } from '../../src/renderer/store/paged-list';

describe('paged list (packages and returns)', () => {
  it('fetches a page once while it is on its way, never past the end, and drops the answer of a replaced search', async () => {
    const list = pagedList<number>(10);
    let state: PagedRows<number> = { total: 25, pages: { 0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }, generation: 1 };
    const asked: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetch = async (offset: number, limit: number) => {
      asked.push(offset);
      await gate;
      return ok({ items: Array.from({ length: Math.min(limit, state.total - offset) }, (_, i) => offset + i) });
    };
    const store = (pages: Record<number, number[]>) => (state = { ...state, pages });
    const a = list.ensurePage(1, () => state, fetch, store);
    const b = list.ensurePage(1, () => state, fetch, store);
    await list.ensurePage(3, () => state, fetch, store);
    release();
    await Promise.all([a, b]);
    expect(asked).toEqual([10]);
    expect(list.rowAt(state.pages, 15)).toBe(15);
    expect(list.rowAt(state.pages, 21)).toBeUndefined();

    // A new search (generation 2) starts while page 2 of the old one is on its way.
    const c = list.ensurePage(2, () => state, fetch, store);
    state = { total: 3, pages: { 0: [7, 8, 9] }, generation: 2 };
    await c;
    expect(state.pages).toEqual({ 0: [7, 8, 9] });
    expect(list.pagesAround(35, 52)).toEqual([2, 3, 4, 5, 6]);
  });

  it('asks for the rows on screen first and for their neighbours only once those are in', async () => {
    const list = pagedList<number>(10);
    const asked: number[] = [];
    const answers = new Map<number, () => void>();
    const ensure = (page: number) => {
      asked.push(page);
      return new Promise<void>((r) => answers.set(page, r));
    };
    // Rows 35..52 are on screen after a jump: pages 3, 4 and 5; 2 and 6 around them.
    const shown = list.showRows(35, 52, ensure);
    await Promise.resolve();
    expect(asked).toEqual([3, 4, 5]);
    answers.get(3)!();
    answers.get(4)!();
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toEqual([3, 4, 5]);
    answers.get(5)!();
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toEqual([3, 4, 5, 2, 6]);
    answers.get(2)!();
    answers.get(6)!();
    await shown;
  });
});
