export const signIn = {
  /** The word for “language” in the other language, so either reader finds the switch. */
  languageOther: 'Dil',
  title: 'Sign in',
  profile: 'Connection',
  noProfiles: 'No connection yet. Add one in Settings, or try training mode.',
  userName: 'User name',
  password: 'Password',
  remember: 'Remember me on this computer',
  rememberUnavailable: 'This computer cannot keep passwords safely, so the app will not remember it.',
  weakStorageTitle: 'Weak password protection',
  weakStorage:
    'This computer has no password keyring. The password could only be kept with weak protection that other programs of this user can read. Keep it anyway?',
  weakStorageAccept: 'Keep it with weak protection',
  weakStorageDecline: 'Do not remember',
  submit: 'Sign in',
  signingIn: 'Signing in…',
  training: 'Training mode',
  trainingHint: 'Practise with made-up data. Nothing reaches the real service.',
  manageProfiles: 'Connections…',
  resume: 'Continue as {{user}}',
  offlineNotice: 'The service could not be reached: you are signed in offline and work from this computer’s data.',
};
