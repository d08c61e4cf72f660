// /api/auth: sign-up, sign-in, sign-out, the current user, profile changes and reset links.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  updateProfileRequestSchema,
  userResponseSchema,
} from '../../../core/api/auth.ts';
import { ERROR_CODES, okSchema } from '../../../core/api/errors.ts';
import { SESSION_TTL_MS } from '../../../core/constants.ts';
import type { Config } from '../../config.ts';
import { AppError, conflict } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { AUTH_BODY_LIMIT_BYTES } from '../../plugins/security.ts';
import { getDecoyHash, hashPassword, needsRehash, scryptParamsFor, verifyPassword } from './password.ts';
import { accountOfBody, accountOfUser, signInLimits } from './sign-in-limits.ts';
import { hashToken, newToken } from './tokens.ts';
import { toUser } from './users.repository.ts';

/** The answer of sign-in-style routes past their attempts (sign-in-limits.ts). */
const SIGN_IN_LIMITED = { status: 429, code: ERROR_CODES.rateLimited };

export default function authRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const limits = signInLimits(instance, config);
  const scrypt = scryptParamsFor(config.PASSWORD_HASHING);
  // Sign-in and sign-up name their account by email; a password change, by the signed-in user.
  const limitedByEmail = limits.attempts(accountOfBody);
  const limitedByUser = limits.attempts(accountOfUser);

  async function startSession(userId: string) {
    const { token, tokenHash } = newToken();
    await app.repositories.users.createSession(userId, tokenHash, new Date(Date.now() + SESSION_TTL_MS));
    return token;
  }

  app.post(
    '/signup',
    {
      schema: {
        summary: 'Create an account and sign in',
        body: signupRequestSchema,
        response: { 201: authResponseSchema },
      },
      config: { errors: [{ status: 409, code: ERROR_CODES.emailTaken }, SIGN_IN_LIMITED] },
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      preValidation: limitedByEmail,
    },
    async (request, reply) => {
      const { email, name, password } = request.body;
      const row = await app.repositories.users.create({
        email,
        name,
        passwordHash: await hashPassword(password, scrypt),
      });
      if (!row) {
        throw conflict(
          'An account with this email already exists. Sign in instead.',
          ERROR_CODES.emailTaken,
          [{ path: 'email', message: 'An account with this email already exists' }],
        );
      }
      const token = await startSession(row.id);
      return reply.status(201).send({ token, user: toUser(row) });
    },
  );

  app.post(
    '/login',
    {
      schema: { summary: 'Sign in', body: loginRequestSchema, response: { 200: authResponseSchema } },
      config: { errors: [{ status: 401, code: ERROR_CODES.invalidCredentials }, SIGN_IN_LIMITED] },
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      preValidation: limitedByEmail,
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const row = await app.repositories.users.findByEmail(email);
      const valid = await verifyPassword(password, row?.passwordHash ?? (await getDecoyHash(scrypt)));
      if (!row || !valid) {
        // An unknown email counts as an account does, so the answers do not tell which emails have one.
        await limits.failed(request, reply, accountOfBody);
        throw new AppError(401, 'Invalid email or password', ERROR_CODES.invalidCredentials);
      }
      if (needsRehash(row.passwordHash, scrypt))
        await app.repositories.users.setPasswordHash(row.id, await hashPassword(password, scrypt));
      return { token: await startSession(row.id), user: toUser(row) };
    },
  );

  app.post(
    '/logout',
    { schema: { summary: 'Sign out (end this session)', response: { 200: okSchema } } },
    async (request) => {
      // Idempotent: signing out with an expired or unknown token still succeeds.
      if (request.tokenHash) await app.repositories.users.revokeSession(request.tokenHash);
      return { ok: true as const };
    },
  );

  app.get(
    '/me',
    {
      schema: { summary: 'The signed-in account', response: { 200: userResponseSchema } },
      onRequest: app.requireUser,
    },
    (request) => ({
      user: currentUser(request),
    }),
  );

  app.patch(
    '/me',
    {
      schema: {
        summary: 'Change the profile of the signed-in account',
        body: updateProfileRequestSchema,
        response: { 200: userResponseSchema },
      },
      config: { errors: [{ status: 404, code: ERROR_CODES.notFound }] },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { name, ageGroup, gender, dialect } = request.body;
      const row = await app.repositories.users.updateProfile(currentUser(request).id, {
        name,
        ageGroup,
        gender,
        dialect,
      });
      if (!row) throw new AppError(404, 'Account not found.');
      return { user: toUser(row) };
    },
  );

  app.post(
    '/change-password',
    {
      schema: {
        summary: 'Change the password (ends the other sessions)',
        body: changePasswordRequestSchema,
        response: { 200: okSchema },
      },
      config: { errors: [{ status: 400, code: ERROR_CODES.invalidCredentials }, SIGN_IN_LIMITED] },
      onRequest: app.requireUser,
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      preValidation: limitedByUser,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await app.repositories.users.findById(user.id);
      if (!row || !(await verifyPassword(request.body.currentPassword, row.passwordHash))) {
        await limits.failed(request, reply, accountOfUser);
        throw new AppError(400, 'Your current password is not correct.', ERROR_CODES.invalidCredentials, [
          { path: 'currentPassword', message: 'Your current password is not correct' },
        ]);
      }
      await app.repositories.users.setPasswordHash(
        user.id,
        await hashPassword(request.body.newPassword, scrypt),
      );
      await app.repositories.users.revokeAllSessions(user.id, request.tokenHash ?? undefined);
      return { ok: true as const };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        summary: 'Set a new password with a reset link',
        body: resetPasswordRequestSchema,
        response: { 200: okSchema },
      },
      config: { errors: [{ status: 400, code: ERROR_CODES.invalidResetToken }, SIGN_IN_LIMITED] },
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      preValidation: limits.attempts(),
    },
    async (request) => {
      const userId = await app.repositories.users.consumePasswordReset(hashToken(request.body.token));
      if (!userId) {
        throw new AppError(
          400,
          'This reset link is not valid or has expired. Ask a community admin for a new one.',
          ERROR_CODES.invalidResetToken,
        );
      }
      await app.repositories.users.setPasswordHash(
        userId,
        await hashPassword(request.body.newPassword, scrypt),
      );
      await app.repositories.users.revokeAllSessions(userId);
      return { ok: true as const };
    },
  );
}
