// The profile page: the account, the name, the speaker profile and the password.
import { defineMessages } from '../define.ts';

export const account = defineMessages('account', {
  title: { message: 'Your profile', note: 'Heading of the profile page' },
  summary: {
    message: '{email} · {role, select, admin {Community admin} other {Contributor}} · member since {since}',
    note: 'Under the profile heading: email, role and the date the account was made',
  },
  name: { message: 'Name', note: 'Profile: heading of the name form' },
  fullName: { message: 'Full name', note: 'Profile: label of the name field' },
  saving: { message: 'Saving…', note: 'Profile: a button while saving' },
  saveName: { message: 'Save name', note: 'Profile: button' },
  nameSaved: { message: '✓ Name saved', note: 'Profile: after saving the name' },
  changePasswordTitle: { message: 'Change password', note: 'Profile: heading of the password form' },
  currentPassword: { message: 'Current password', note: 'Profile: label' },
  newPassword: { message: 'New password', note: 'Profile: label' },
  confirmNewPassword: { message: 'Confirm new password', note: 'Profile: label' },
  changePassword: { message: 'Change password', note: 'Profile: button' },
  passwordChanged: {
    message: '✓ Password changed. Other devices have been signed out.',
    note: 'Profile: after changing the password',
  },
  speakerProfile: { message: 'Speaker profile', note: 'Profile: heading of the speaker details' },
  speakerIntro: {
    message:
      'Each recording you give keeps a copy of these details, so that speech models for Lopit learn from many kinds of voices. All are optional.',
    note: 'Profile: introduction of the speaker details',
  },
  ageGroup: { message: 'Age group', note: 'Profile: label' },
  notGiven: { message: 'Not given', note: 'Profile: first option of a choice left empty' },
  age18: { message: '18 to 29', note: 'Profile: an age group' },
  age30: { message: '30 to 44', note: 'Profile: an age group' },
  age45: { message: '45 to 59', note: 'Profile: an age group' },
  age60: { message: '60 or older', note: 'Profile: an age group' },
  preferNotToSay: { message: 'Prefer not to say', note: 'Profile: option of age group and gender' },
  gender: { message: 'Gender', note: 'Profile: label' },
  female: { message: 'Female', note: 'Profile: a gender' },
  male: { message: 'Male', note: 'Profile: a gender' },
  other: { message: 'Other', note: 'Profile: a gender' },
  dialect: { message: 'Dialect or home village', note: 'Profile: label' },
  dialectWithheld: { message: 'Prefer not to say my dialect or village', note: 'Profile: checkbox' },
  saveSpeaker: { message: 'Save speaker profile', note: 'Profile: button' },
  speakerSaved: { message: '✓ Speaker profile saved', note: 'Profile: after saving the speaker details' },
});
