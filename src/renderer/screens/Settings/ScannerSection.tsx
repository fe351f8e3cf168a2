/** Scanner settings and the scanner test (counts feature). */
export function ScannerSection() {
  return null;
}
