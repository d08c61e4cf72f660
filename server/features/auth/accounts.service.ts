// Account administration shared by the admin API and the `npm run admin` command.
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { Role, User } from '../../../core/api/auth.ts';
import { PASSWORD_RESET_TTL_MS } from '../../../core/constants.ts';
import { AppError, notFound } from '../../errors.ts';
import { newToken } from './tokens.ts';
import { toUser, type UsersRepository } from './users.repository.ts';

export class AccountsService {
  constructor(private readonly users: UsersRepository) {}

  async listUsers(): Promise<User[]> {
    return (await this.users.list()).map(toUser);
  }

  async findUserId(email: string): Promise<string> {
    const row = await this.users.findByEmail(email);
    if (!row) throw notFound(`No account with the email ${email}.`);
    return row.id;
  }

  /** Changes a role; the last admin cannot be demoted, so the community never locks itself out. */
  async setRole(userId: string, role: Role): Promise<User> {
    const row = await this.users.findById(userId);
    if (!row) throw notFound('No such user.');
    if (row.role === 'admin' && role !== 'admin' && (await this.users.countAdmins()) <= 1) {
      throw new AppError(
        409,
        'This is the only admin. Make someone else an admin first.',
        ERROR_CODES.lastAdmin,
      );
    }
    const updated = await this.users.setRole(userId, role);
    if (!updated) throw notFound('No such user.');
    return toUser(updated);
  }

  /** A one-time reset token valid for 24 hours; only its hash is stored. */
  async createResetLink(userId: string, createdBy?: string): Promise<{ token: string; expiresAt: string }> {
    if (!(await this.users.findById(userId))) throw notFound('No such user.');
    const { token, tokenHash } = newToken();
    const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MS);
    await this.users.createPasswordReset(userId, tokenHash, expiresAt, createdBy);
    return { token, expiresAt: expiresAt.toISOString() };
  }
}
