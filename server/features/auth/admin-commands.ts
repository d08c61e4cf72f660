// The commands of `npm run admin`, run either in the server process or directly on the database.
import { AppError } from '../../errors.ts';
import type { UsersRepository } from './users.repository.ts';
import { AccountsService } from './accounts.service.ts';

export type AdminCommand = 'grant' | 'revoke' | 'reset-password' | 'list';

export async function runAdminCommand(
  users: UsersRepository,
  command: AdminCommand,
  email?: string,
): Promise<string> {
  const accounts = new AccountsService(users);
  if (command === 'list') {
    const list = await accounts.listUsers();
    if (list.length === 0) return 'No accounts yet.';
    return list.map((user) => `${user.role.padEnd(11)} ${user.email}  (${user.name})`).join('\n');
  }
  if (!email) throw new AppError(400, `The ${command} command needs an email.`);
  const userId = await accounts.findUserId(email);
  switch (command) {
    case 'grant':
      await accounts.setRole(userId, 'admin');
      return `${email} is now an admin.`;
    case 'revoke':
      await accounts.setRole(userId, 'contributor');
      return `${email} is now a contributor.`;
    case 'reset-password': {
      const link = await accounts.createResetLink(userId);
      return `One-time reset link for ${email} (valid until ${link.expiresAt}):\n/forgot-password?token=${link.token}`;
    }
  }
}
