/**
 * A problem's field as the worker knows it ("Price 1, List price"), not the request's path
 * ("Prices[0].ListPrice"): the names are the editor's own labels (products:editor.*). A part the
 * editor has no name for keeps the path, so nothing is hidden.
 */
const NAMES: Record<string, string> = {
  Sku: 'products:editor.sku',
  Barcode: 'products:editor.barcode',
  Model: 'products:editor.model',
  Option: 'products:editor.option',
  Prices: 'products:editor.price',
  ListPrice: 'products:editor.ListPrice',
  SalePrice: 'products:editor.SalePrice',
  CampaignPrice: 'products:editor.CampaignPrice',
  CurrencyId: 'products:editor.currency',
  IsTransferable: 'products:editor.transferable',
  Name: 'products:editor.members.Name',
  Description: 'products:editor.members.Description',
  Title: 'products:editor.members.Title',
  SeoDescription: 'products:editor.members.SeoDescription',
  Attributes: 'products:editor.attribute',
  Assets: 'products:editor.asset',
  Culture: 'products:editor.culture',
  Value: 'products:editor.value',
};

export function fieldLabel(t: (key: string) => string, path: string): string {
  if (!path) return '';
  const parts: string[] = [];
  let parent = '';
  for (const m of path.matchAll(/([^.[\]]+)(?:\[(\d+)\])?/g)) {
    const name = m[1]!;
    const index = m[2];
    if (name === 'Main') continue;
    const key = name === 'EntityListId' ? (parent === 'Prices' ? 'products:editor.priceList' : null) : (NAMES[name] ?? null);
    if (!key) return path;
    parts.push(index === undefined ? t(key) : `${t(key)} ${Number(index) + 1}`);
    parent = name;
  }
  return parts.join(', ');
}
