// /admin: community administration (users and roles, import of translation pairs, the lexicon).
import { useAuth } from '../auth/use-auth.ts';
import { ExportsPanel } from './exports-panel.tsx';
import { ImportLexiconPanel } from './import-lexicon-panel.tsx';
import { ImportPairsPanel } from './import-pairs-panel.tsx';
import { UsersPanel } from './users-panel.tsx';

export function AdminPage() {
  const { user } = useAuth();
  if (!user) return null;
  if (user.role !== 'admin') {
    return (
      <div className="page page-narrow">
        <h1>Admin</h1>
        <p className="notice-box">
          Only community admins can open this page. Ask an admin if you need access.
        </p>
      </div>
    );
  }
  return (
    <div className="page">
      <div className="page-header">
        <h1>Community administration</h1>
        <p>
          Manage accounts and roles, import translation pairs, and import or export the lexicon. Admins curate
          data and start model training.
        </p>
      </div>
      <div className="stack">
        <UsersPanel currentUserId={user.id} />
        <ImportPairsPanel />
        <ImportLexiconPanel />
        <ExportsPanel />
      </div>
    </div>
  );
}
