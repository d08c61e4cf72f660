// How a user is named on screen: the name, falling back to the email (spec section 3). Kept free of zod,
// so the navigation bar does not pull schemas into the first load.

export function displayName(user: { name: string; email: string }): string {
  return user.name.trim() || user.email;
}
