// Shared frame of the terms and privacy pages: heading, lead, and a pointer to the community admins.
import type { ReactNode } from 'react';
import './legal.css';

export const LICENCE_URL = 'https://creativecommons.org/licenses/by-nc/4.0/';

export function LegalLayout({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <div className="page legal">
      <header className="page-header">
        <h1>{title}</h1>
        <p>{lead}</p>
      </header>
      {children}
    </div>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
