// Opaque bearer tokens: 32 random bytes for the client, only their SHA-256 hash in the database.
import crypto from 'node:crypto';

export function newToken(): { token: string; tokenHash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
