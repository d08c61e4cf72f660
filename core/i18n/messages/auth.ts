// Signing in, creating an account and resetting a password.
import { defineMessages } from '../define.ts';

export const auth = defineMessages('auth', {
  signInOffline: {
    message:
      'There is no connection, and signing in needs one. Without it you can still read the pages opened before on this phone, and what was recorded or translated here stays on the phone until it can be sent.',
    note: 'Sign in: shown when the phone has no connection to the server',
  },
  signUpOffline: {
    message:
      'There is no connection, and making an account needs one. Without it you can still read the pages opened before on this phone; come back here when the phone has a signal.',
    note: 'Sign up: shown when the phone has no connection to the server',
  },
  signInTitle: { message: 'Sign in', note: 'Heading of the sign-in page' },
  signInLead: {
    message: 'Welcome back. Sign in to record, translate and manage your contributions.',
    note: 'Under the sign-in heading',
  },
  email: { message: 'Email', note: 'Label of the email field' },
  password: { message: 'Password', note: 'Label of the password field' },
  remember: { message: 'Remember me on this device', note: 'Sign in: checkbox keeping the session' },
  signingIn: { message: 'Signing in…', note: 'Sign in: button while signing in' },
  signIn: { message: 'Sign in', note: 'Sign in: button; also a link on other pages' },
  forgot: { message: 'Forgot password?', note: 'Sign in: link to password help' },
  createAccountLink: { message: 'Create an account', note: 'Sign in: link to the sign-up page' },
  invalidCredentials: {
    message: 'Invalid email or password',
    note: 'Sign in: error when the server gave no message',
  },
  signUpTitle: { message: 'Create an account', note: 'Heading of the sign-up page' },
  signUpLead: {
    message:
      'Join the community to record your voice, add translations and help build Lopit language technology.',
    note: 'Under the sign-up heading',
  },
  fullName: { message: 'Full name', note: 'Sign up: label of the name field' },
  confirmPassword: { message: 'Confirm password', note: 'Sign up: label of the second password field' },
  acceptTerms: {
    message: 'I agree to the {terms} and the {privacy}',
    note: 'Sign up: checkbox; terms and privacy are links whose texts are the next two messages',
  },
  termsLink: { message: 'Terms of Use', note: 'Sign up: link inside the agreement checkbox' },
  privacyLink: { message: 'Privacy Policy', note: 'Sign up: link inside the agreement checkbox' },
  creating: { message: 'Creating account…', note: 'Sign up: button while creating' },
  create: { message: 'Create account', note: 'Sign up: button' },
  signUpFailed: {
    message: 'Failed to create account. Please try again.',
    note: 'Sign up: error when the server gave no message',
  },
  haveAccount: {
    message: 'Already have an account? {signIn}',
    note: 'Sign up: signIn is a link with the text “Sign in”',
  },
  newPasswordTitle: {
    message: 'Choose a new password',
    note: 'Heading of the reset page when opened from a reset link',
  },
  forgotTitle: { message: 'Forgot your password?', note: 'Heading of the password help page' },
  noEmail: {
    message: 'This platform does not send email yet. To reset your password:',
    note: 'Password help: introduction to the steps',
  },
  step1: {
    message:
      'Ask a community admin (the people who run this site for your community) for a password reset link.',
    note: 'Password help: first step',
  },
  step2: {
    message:
      'They create a one-time link for your account from the admin page. It works once and expires after 24 hours.',
    note: 'Password help: second step',
  },
  step3: {
    message: 'Open the link on this device and choose a new password. You will then sign in with it.',
    note: 'Password help: third step',
  },
  remembered: {
    message: 'Remembered it? {signIn}',
    note: 'Password help: signIn is a link with the text “Sign in”',
  },
  changed: {
    message: 'Your password has been changed. {signIn} with your new password.',
    note: 'Reset page after success; signIn is a link with the text “Sign in”',
  },
  newPassword: { message: 'New password', note: 'Reset page: label' },
  confirmNewPassword: { message: 'Confirm new password', note: 'Reset page: label' },
  saving: { message: 'Saving…', note: 'Reset page: button while saving' },
  setPassword: { message: 'Set new password', note: 'Reset page: button' },
});
