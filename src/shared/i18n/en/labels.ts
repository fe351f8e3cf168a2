/** Printed sheets (shelf labels, command sheet, scanner test sheet) and the scanner setup wizard. */
export const labels = {
  title: 'Printed labels',
  intro:
    'Shelf labels for the storage codes of this connection, the command sheet for the Counts screen (scan Undo, a quantity, Review and send instead of pressing keys) and the scanner test sheet. Print on A4.',
  size: 'Label size',
  sizeOption: '{{w}} × {{h}} mm ({{n}} per page)',
  width: 'Label width (mm)',
  height: 'Label height (mm)',
  perPage: '{{columns}} across, {{rows}} down on an A4 page.',
  shelf: 'Shelf labels',
  shelfButton_one: 'Shelf labels ({{count}} storage code)…',
  shelfButton_other: 'Shelf labels ({{count}} storage codes)…',
  commands: 'Command sheet',
  print: 'Print',
  pages_one: '{{count}} page',
  pages_other: '{{count}} pages',
  test: {
    sheet: 'Scanner test sheet',
    symbol: {
      ean13: '1 · EAN-13',
      code128: '2 · Code 128 with - * i I',
      gs1128: '3 · GS1-128 with a separator',
      datamatrix: '4 · GS1 DataMatrix',
    },
  },
};
