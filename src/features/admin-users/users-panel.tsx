// Admin: the community's accounts, their roles, and one-time password-reset links.
import { useState } from 'react';
import type { Role, User } from '../../../core/api/auth.ts';
import { admin } from '../../../core/i18n/messages/admin.ts';
import { PATHS } from '../../app/paths.ts';
import { ErrorBox } from '../../components/error-box.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useLoaded } from '../../lib/use-loaded.ts';
import { usersApi } from './users-api.ts';

export function UsersPanel({ currentUserId }: { currentUserId: string }) {
  const t = useT();
  const { data: users, error, reload } = useLoaded(async () => (await usersApi.users()).users);
  // A role change or a reset link that failed (the list's own failure is `error`).
  const [actionError, setActionError] = useState<string | null>(null);
  const [resetLinks, setResetLinks] = useState<Record<string, string>>({});

  async function changeRole(user: User, role: Role) {
    setActionError(null);
    try {
      await usersApi.setRole(user.id, role);
      await reload();
    } catch (caught) {
      setActionError((caught as Error).message);
    }
  }

  async function createResetLink(user: User) {
    setActionError(null);
    try {
      const { token } = await usersApi.resetLink(user.id);
      setResetLinks((links) => ({
        ...links,
        [user.id]: `${location.origin}${PATHS.forgotPassword}?token=${token}`,
      }));
    } catch (caught) {
      setActionError((caught as Error).message);
    }
  }

  return (
    <section className="card" aria-labelledby="users-heading">
      <h2 id="users-heading">{t(admin.usersTitle)}</h2>
      <ErrorBox error={error} />
      <ErrorBox error={actionError} />
      {users === null && !error && <p>{t(admin.usersLoading)}</p>}
      {users && (
        <div className="table-wrap">
          <table className="card-table">
            <thead>
              <tr>
                <th scope="col">{t(admin.columnName)}</th>
                <th scope="col">{t(admin.columnEmail)}</th>
                <th scope="col">{t(admin.columnRole)}</th>
                <th scope="col">{t(admin.columnReset)}</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id} data-testid="admin-user-row">
                  <td data-label={t(admin.columnName)}>
                    <span>
                      <span translate="no">{user.name}</span>
                      {user.id === currentUserId && <span className="muted"> {t(admin.you)}</span>}
                    </span>
                  </td>
                  <td data-label={t(admin.columnEmail)} translate="no">
                    {user.email}
                  </td>
                  <td data-label={t(admin.columnRole)}>
                    <label className="visually-hidden" htmlFor={`role-${user.id}`}>
                      {t(admin.roleOf, { email: user.email })}
                    </label>
                    <select
                      id={`role-${user.id}`}
                      className="input"
                      value={user.role}
                      onChange={(e) => void changeRole(user, e.target.value as Role)}
                    >
                      <option value="contributor">{t(admin.roleContributor)}</option>
                      <option value="admin">{t(admin.roleAdmin)}</option>
                    </select>
                  </td>
                  <td data-label={t(admin.columnReset)}>
                    {resetLinks[user.id] ? (
                      <div>
                        <p className="muted">{t(admin.resetGive, { name: user.name })}</p>
                        <input
                          className="input"
                          readOnly
                          value={resetLinks[user.id]}
                          onFocus={(e) => e.currentTarget.select()}
                          translate="no"
                          aria-label={t(admin.resetLinkFor, { email: user.email })}
                        />
                      </div>
                    ) : (
                      <button type="button" className="btn" onClick={() => void createResetLink(user)}>
                        {t(admin.createReset)}
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
