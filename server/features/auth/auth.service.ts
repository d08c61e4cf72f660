// The rules of signing up, signing in and changing a password: an email has one account; a wrong password and an
// unknown email are refused alike (after the same work, so the answers do not tell which emails have an
// account); a password hash made with weaker parameters is redone at the next sign-in; a new password ends the
// other sessions. `refused` lets the caller count a refused attempt (sign-in-limits.ts) before the answer.
import type { z } from 'zod';
import type {
  changePasswordRequestSchema,
  loginRequestSchema,
  signupRequestSchema,
  updateProfileRequestSchema,
  User,
} from '../../../core/api/auth.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { SESSION_TTL_MS } from '../../../core/constants.ts';
import { AppError, conflict } from '../../errors.ts';
import { getDecoyHash, hashPassword, needsRehash, verifyPassword, type ScryptParams } from './password.ts';
import { hashToken, newToken } from './tokens.ts';
import { toUser, type UsersRepository } from './users.repository.ts';

/** Counts a refused attempt; it may itself refuse (too many). */
type Refused = () => Promise<void>;

export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly scrypt: ScryptParams,
  ) {}

  private async startSession(userId: string): Promise<string> {
    const { token, tokenHash } = newToken();
    await this.users.createSession(userId, tokenHash, new Date(Date.now() + SESSION_TTL_MS));
    return token;
  }

  /** A new account, signed in; 409 EMAIL_TAKEN when the email has one. */
  async signUp({ email, name, password }: z.infer<typeof signupRequestSchema>) {
    const row = await this.users.create({
      email,
      name,
      passwordHash: await hashPassword(password, this.scrypt),
    });
    if (!row) {
      throw conflict('An account with this email already exists. Sign in instead.', ERROR_CODES.emailTaken, [
        { path: 'email', message: 'An account with this email already exists' },
      ]);
    }
    return { token: await this.startSession(row.id), user: toUser(row) };
  }

  /** A session for the account of this email and password; 401 INVALID_CREDENTIALS otherwise. */
  async signIn({ email, password }: z.infer<typeof loginRequestSchema>, refused: Refused) {
    const row = await this.users.findByEmail(email);
    const valid = await verifyPassword(password, row?.passwordHash ?? (await getDecoyHash(this.scrypt)));
    if (!row || !valid) {
      // An unknown email counts as an account does, so the answers do not tell which emails have one.
      await refused();
      throw new AppError(401, 'Invalid email or password', ERROR_CODES.invalidCredentials);
    }
    if (needsRehash(row.passwordHash, this.scrypt))
      await this.users.setPasswordHash(row.id, await hashPassword(password, this.scrypt));
    return { token: await this.startSession(row.id), user: toUser(row) };
  }

  /** The account's profile changed (404 when the account is gone). */
  async updateProfile(userId: string, fields: z.infer<typeof updateProfileRequestSchema>): Promise<User> {
    const { name, ageGroup, gender, dialect } = fields;
    const row = await this.users.updateProfile(userId, { name, ageGroup, gender, dialect });
    if (!row) throw new AppError(404, 'Account not found.');
    return toUser(row);
  }

  /** A new password after the current one; ends every other session (400 when the current one is wrong). */
  async changePassword(
    userId: string,
    body: z.infer<typeof changePasswordRequestSchema>,
    keepTokenHash: string | undefined,
    refused: Refused,
  ): Promise<void> {
    const row = await this.users.findById(userId);
    if (!row || !(await verifyPassword(body.currentPassword, row.passwordHash))) {
      await refused();
      throw new AppError(400, 'Your current password is not correct.', ERROR_CODES.invalidCredentials, [
        { path: 'currentPassword', message: 'Your current password is not correct' },
      ]);
    }
    await this.users.setPasswordHash(userId, await hashPassword(body.newPassword, this.scrypt));
    await this.users.revokeAllSessions(userId, keepTokenHash);
  }

  /** A new password by a reset link (used once); ends every session. 400 when the link is not valid. */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    const userId = await this.users.consumePasswordReset(hashToken(token));
    if (!userId) {
      throw new AppError(
        400,
        'This reset link is not valid or has expired. Ask a community admin for a new one.',
        ERROR_CODES.invalidResetToken,
      );
    }
    await this.users.setPasswordHash(userId, await hashPassword(newPassword, this.scrypt));
    await this.users.revokeAllSessions(userId);
  }
}
