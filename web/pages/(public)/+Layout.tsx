import type { ReactNode } from 'react';
import { Brand } from '../../components/layout/Brand';

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="public-shell">
      <header className="public-head">
        <Brand />
      </header>
      <main className="public-card">{children}</main>
    </div>
  );
}
