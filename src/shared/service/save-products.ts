import { z } from 'zod';
import { ProductRequest } from '../products/schema';
import { classifyWrite, type AnswerHeaders, type Verdict } from './classify';
import { lazy } from '../lazy';

/** POST {pim}/pim/SaveProductsManually?companyId=N with an array of product records (an upsert). */
export const SAVE_PRODUCTS_PATH = '/pim/SaveProductsManually';
export const saveProductsSearch = (companyId: number) => `companyId=${encodeURIComponent(String(companyId))}`;

/** The body: the records' wire shape (the rules a record must follow are in products/validate.ts). */
export const SaveProductsRequest = ProductRequest;

/** The answer body is not documented; PIM answers use {IsSuccess, ErrorType, ErrorMessage, ErrorSource, Data}. */
export const SaveProductsResponse = lazy(() =>
  z.looseObject({
    IsSuccess: z.boolean().optional(),
    ErrorType: z.union([z.string(), z.number()]).nullish(),
    ErrorMessage: z.string().nullish(),
    ErrorSource: z.string().nullish(),
    Data: z.unknown().optional(),
  }),
);
export type SaveProductsResponse = z.infer<typeof SaveProductsResponse>;

/** Any 2xx accepted (body kept) unless it says IsSuccess:false; see classifyWrite. */
export const classify = (status: number, headers: AnswerHeaders, text: string, now = Date.now()): Verdict<string> =>
  classifyWrite(status, headers, text, now);
