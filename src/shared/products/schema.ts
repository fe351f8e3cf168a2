import { z } from 'zod';
import { lazy } from '../lazy';

/**
 * Wire schemas of the product records sent to POST {pim}/pim/SaveProductsManually (PascalCase, as
 * the service spells them). They check shapes and types only; which fields a record Type needs or
 * must not carry, prices, barcodes and the ties between records are checked by
 * validateProductRequest (./validate.ts), which reports each mistake once with a stable code.
 *
 * Every object is loose: fields the app does not know survive parsing, so a file imported in the
 * service's own format is sent back exactly as it came.
 */

/** Main.Type values this app creates and updates. */
export const ProductType = { model: 1, option: 2, variant: 3, single: 4 } as const;
export type ProductType = (typeof ProductType)[keyof typeof ProductType];
export const productTypes: readonly number[] = Object.values(ProductType);
/** Types the service knows but this app does not handle (5 Bundle, 6 Combine). */
export const outOfScopeTypes: Readonly<Record<number, string>> = { 5: 'bundle', 6: 'combine' };

/** Asset types: 1 photo, 3 video (the only two the service documents). */
export const AssetType = { photo: 1, video: 3 } as const;

/** Built together on first use (see ../lazy.ts), not at import: a `wd` start builds none of them. */
const schemas = lazy(() => {
  // Bounds: every string that crosses an edge has a maximum length. The service documents none;
  // these are generous (a Description is HTML and the sample's is ~3,000 characters).
  const code = z.string().max(100);
  const listId = z.number().int().min(1);
  const culture = z.string().min(1).max(10);
  const operation = z.string().min(1).max(20);

  const LocalizedText = z.looseObject({
    Value: z.string().max(100_000),
    EntityListId: listId,
    Culture: culture,
  });

  const Price = z.looseObject({
    IsTransferable: z.boolean(),
    EntityListId: listId,
    CurrencyId: z.number().int().min(1),
    // Negative and inconsistent values are reported by the validator with their own codes.
    ListPrice: z.number(),
    SalePrice: z.number(),
    CampaignPrice: z.number().nullish(),
    OperationType: operation.nullish(),
  });

  const Asset = z.looseObject({
    EntityListId: listId,
    Name: z.string().min(1).max(2_000),
    Order: z.number().int().min(0),
    AssetType: z.literal([AssetType.photo, AssetType.video]),
  });

  const Attribute = z.looseObject({
    EntityListId: listId,
    Key: z.number().int().min(1),
    Value: z.string().min(1).max(4_000),
    OperationType: operation.nullish(),
    // Part of an attribute's identity (one value per key and language), as with localized text.
    Culture: culture,
  });

  const ProductListMembership = z.looseObject({
    OperationType: operation.nullish(),
    EntityListId: listId,
  });

  /** Identity of a record. Which of these a Type needs is the validator's business. */
  const ProductMain = z.looseObject({
    Model: code.nullish(),
    Option: code.nullish(),
    Sku: code.nullish(),
    Barcode: code.nullish(),
    Type: z.number().int(),
  });

  const ProductRecord = z.looseObject({
    Main: ProductMain,
    Name: z.array(LocalizedText).nullish(),
    Description: z.array(LocalizedText).nullish(),
    Title: z.array(LocalizedText).nullish(),
    SeoDescription: z.array(LocalizedText).nullish(),
    Prices: z.array(Price).nullish(),
    Assets: z.array(Asset).nullish(),
    Attributes: z.array(Attribute).nullish(),
    ProductLists: z.array(ProductListMembership).nullish(),
  });

  /** The body of SaveProductsManually. */
  const ProductRequest = z.array(ProductRecord);
  return { LocalizedText, Price, Asset, Attribute, ProductListMembership, ProductMain, ProductRecord, ProductRequest };
});

export const LocalizedText = lazy(() => schemas.LocalizedText);
export type LocalizedText = z.infer<typeof LocalizedText>;
export const Price = lazy(() => schemas.Price);
export type Price = z.infer<typeof Price>;
export const Asset = lazy(() => schemas.Asset);
export type Asset = z.infer<typeof Asset>;
export const Attribute = lazy(() => schemas.Attribute);
export type Attribute = z.infer<typeof Attribute>;
export const ProductListMembership = lazy(() => schemas.ProductListMembership);
export type ProductListMembership = z.infer<typeof ProductListMembership>;
export const ProductMain = lazy(() => schemas.ProductMain);
export type ProductMain = z.infer<typeof ProductMain>;
export const ProductRecord = lazy(() => schemas.ProductRecord);
export type ProductRecord = z.infer<typeof ProductRecord>;
export const ProductRequest = lazy(() => schemas.ProductRequest);

/** Members holding localized text. */
export const textMembers = ['Name', 'Description', 'Title', 'SeoDescription'] as const;
export type TextMember = (typeof textMembers)[number];

/**
 * How records and codes are compared: SKUs, models and options that differ only in case or
 * surrounding spaces are the same product to a person reading a label (and to a .NET service on a
 * case-insensitive collation). Barcodes are compared exactly.
 */
export const codeKey = (s: string): string => s.trim().toUpperCase();
