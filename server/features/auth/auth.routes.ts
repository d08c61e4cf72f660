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
import type { Config } from '../../config.ts';
import { currentUser } from '../../plugins/auth.ts';
import { AUTH_BODY_LIMIT_BYTES } from '../../plugins/security.ts';
import { AuthService } from './auth.service.ts';
import { scryptParamsFor } from './password.ts';
import { accountOfBody, accountOfUser, signInLimits } from './sign-in-limits.ts';

/** The answer of sign-in-style routes past their attempts (sign-in-limits.ts). */
const SIGN_IN_LIMITED = { status: 429, code: ERROR_CODES.rateLimited };

export default function authRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const limits = signInLimits(instance, config);
  const auth = new AuthService(app.repositories.users, scryptParamsFor(config.PASSWORD_HASHING));
  // Sign-in and sign-up name their account by email; a password change, by the signed-in user.
  const limitedByEmail = limits.attempts(accountOfBody);
  const limitedByUser = limits.attempts(accountOfUser);

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
    async (request, reply) => reply.status(201).send(await auth.signUp(request.body)),
  );

  app.post(
    '/login',
    {
      schema: { summary: 'Sign in', body: loginRequestSchema, response: { 200: authResponseSchema } },
      config: { errors: [{ status: 401, code: ERROR_CODES.invalidCredentials }, SIGN_IN_LIMITED] },
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      preValidation: limitedByEmail,
    },
    (request, reply) => auth.signIn(request.body, () => limits.failed(request, reply, accountOfBody)),
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
    async (request) => ({ user: await auth.updateProfile(currentUser(request).id, request.body) }),
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
      await auth.changePassword(currentUser(request).id, request.body, request.tokenHash ?? undefined, () =>
        limits.failed(request, reply, accountOfUser),
      );
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
      await auth.resetPassword(request.body.token, request.body.newPassword);
      return { ok: true as const };
    },
  );
}
