/** Node loader hook: `electron` resolves to the stand-in (./electron.mjs); nothing else changes. */
const standIn = new URL('./electron.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron' || specifier.startsWith('electron/')) {
    if (specifier !== 'electron') throw new Error(`stand-in: ${specifier} is not modelled`);
    return { url: standIn, format: 'module', shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
