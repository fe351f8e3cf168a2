import { z } from 'zod';
import { lazy } from '../lazy';

/** Bounded text: every string that crosses an edge has a maximum length. */
export const text = (max = 200) => z.string().max(max);
export const nonEmpty = (max = 200) => z.string().trim().min(1).max(max);
export const Empty = lazy(() => z.strictObject({}));

/** http(s) URL without credentials; trailing slashes removed so paths can be appended. */
export const BaseUrl = lazy(() =>
  z
    .string()
    .trim()
    .max(500)
    .superRefine((u, ctx) => {
      let url: URL;
      try {
        url = new URL(u);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not a valid address' });
        return;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        ctx.addIssue({ code: 'custom', message: 'must start with http:// or https://' });
      if (url.username || url.password) ctx.addIssue({ code: 'custom', message: 'must not contain credentials' });
      if (url.search || url.hash) ctx.addIssue({ code: 'custom', message: 'must not contain ? or #' });
    })
    .transform((u) => u.replace(/\/+$/, '')),
);
