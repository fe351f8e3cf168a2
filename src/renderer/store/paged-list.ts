import type { Result } from '../../shared/result';

/** What a paged, virtualized list keeps in its store: rows by page index, fetched as it scrolls. */
export interface PagedRows<Row> {
  total: number;
  pages: Record<number, Row[]>;
  /** Bumped on every new search so late answers of an older search are ignored. */
  generation: number;
}

/**
 * The paging of a long list (packages, returns): pages of `pageSize` rows fetched on demand, each
 * page once per search (a page already asked for is not asked again while its answer is on its
 * way), answers of a replaced search dropped.
 */
export function pagedList<Row>(pageSize: number) {
  const inflight = new Set<string>();
  return {
    pageSize,

    /** The row at a list index, or undefined while its page is loading. */
    rowAt: (pages: Record<number, Row[]>, index: number): Row | undefined => pages[Math.floor(index / pageSize)]?.[index % pageSize],

    /** The pages of the visible rows `first`..`last`, and one before and one after (a fast scroll finds its rows there). */
    pagesAround(first: number, last: number): number[] {
      const out: number[] = [];
      for (let p = Math.max(0, Math.floor(first / pageSize) - 1); p <= Math.floor(last / pageSize) + 1; p++) out.push(p);
      return out;
    },

    /**
     * Asks for the pages of the visible rows first and for the page before and after only once
     * those are in: after a jump the rows on screen do not wait behind their neighbours.
     */
    async showRows(first: number, last: number, ensure: (page: number) => Promise<void>): Promise<void> {
      const from = Math.floor(first / pageSize);
      const to = Math.floor(last / pageSize);
      const visible = Array.from({ length: to - from + 1 }, (_, i) => from + i);
      await Promise.allSettled(visible.map(ensure));
      await Promise.allSettled((from > 0 ? [from - 1, to + 1] : [to + 1]).map(ensure));
    },

    /**
     * Fetches `page` of the current search unless it is there, beyond the end, or on its way;
     * `store` gets the new pages only if no newer search started meanwhile.
     */
    async ensurePage(
      page: number,
      state: () => PagedRows<Row>,
      fetch: (offset: number, limit: number) => Promise<Result<{ items: Row[] }>>,
      store: (pages: Record<number, Row[]>) => void,
    ): Promise<void> {
      const { pages, generation, total } = state();
      if (pages[page] || page * pageSize >= total) return;
      const key = `${generation}:${page}`;
      if (inflight.has(key)) return;
      inflight.add(key);
      try {
        const r = await fetch(page * pageSize, pageSize);
        if (r.ok && state().generation === generation) store({ ...state().pages, [page]: r.value.items });
      } finally {
        inflight.delete(key);
      }
    },
  };
}
