// Admin: the community's accounts, their roles, and one-time password-reset links.
import { useCallback, useEffect, useState } from 'react';
import type { Role, User } from '../../../core/api/auth.ts';
import { PATHS } from '../../app/paths.ts';
import { adminApi } from './admin-api.ts';

export function UsersPanel({ currentUserId }: { currentUserId: string }) {
  const [users, setUsers] = useState<User[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resetLinks, setResetLinks] = useState<Record<string, string>>({});

  const load = useCallback(async () => {
    try {
      setUsers((await adminApi.users()).users);
      setError(null);
    } catch (caught) {
      setError((caught as Error).message);
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function changeRole(user: User, role: Role) {
    try {
      await adminApi.setRole(user.id, role);
      await load();
    } catch (caught) {
      setError((caught as Error).message);
    }
  }

  async function createResetLink(user: User) {
    try {
      const { token } = await adminApi.resetLink(user.id);
      setResetLinks((links) => ({
        ...links,
        [user.id]: `${location.origin}${PATHS.forgotPassword}?token=${token}`,
      }));
    } catch (caught) {
      setError((caught as Error).message);
    }
  }

  return (
    <section className="card" aria-labelledby="users-heading">
      <h2 id="users-heading">Users and roles</h2>
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      {users === null && !error && <p>Loading users...</p>}
      {users && (
        <div className="table-wrap">
          <table className="card-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Password reset</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id} data-testid="admin-user-row">
                  <td data-label="Name">
                    <span>
                      {user.name}
                      {user.id === currentUserId && <span className="muted"> (you)</span>}
                    </span>
                  </td>
                  <td data-label="Email">{user.email}</td>
                  <td data-label="Role">
                    <label className="visually-hidden" htmlFor={`role-${user.id}`}>
                      Role of {user.email}
                    </label>
                    <select
                      id={`role-${user.id}`}
                      className="input"
                      value={user.role}
                      onChange={(e) => void changeRole(user, e.target.value as Role)}
                    >
                      <option value="contributor">Contributor</option>
                      <option value="admin">Admin</option>
                    </select>
                  </td>
                  <td data-label="Password reset">
                    {resetLinks[user.id] ? (
                      <div>
                        <p className="muted">Give this one-time link to {user.name} (valid 24 hours):</p>
                        <input
                          className="input"
                          readOnly
                          value={resetLinks[user.id]}
                          onFocus={(e) => e.currentTarget.select()}
                          aria-label={`Reset link for ${user.email}`}
                        />
                      </div>
                    ) : (
                      <button type="button" className="btn" onClick={() => void createResetLink(user)}>
                        Create reset link
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
