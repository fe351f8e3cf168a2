import type { ReactNode } from 'react';

/** One card of the Settings screen: a titled region (named by its heading) and an optional hint under the title. */
export function SettingsCard({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {intro ? <p className="hint">{intro}</p> : null}
      {children}
    </section>
  );
}
