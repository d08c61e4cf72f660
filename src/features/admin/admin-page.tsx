// /admin: community administration (users and roles; imports join here with their issues).
import { useAuth } from '../auth/use-auth.ts';
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
        <p>Manage accounts and roles. Admins curate data and start model training.</p>
      </div>
      <UsersPanel currentUserId={user.id} />
    </div>
  );
}
