export const cli = {
  usage: 'Usage: wd [--data-dir DIR] [--json] <command> [options]',
  commands: 'Commands:',
  unknownCommand: 'Unknown command: {{name}}',
  sandboxListening: 'sandbox listening on {{url}}',
  sandboxUsers: 'users: {{users}}',
  passwordMissing: 'No password: set WD_PASSWORD or pipe it on standard input.',
  loggedIn: 'Signed in to {{url}} as {{user}}; profile “{{profile}}” saved (the password is not stored).',
  webListening: 'Warehouse Desk (web) on {{url}}',
  help: {
    web: 'serve the app to a browser on 127.0.0.1 (development, tests)',
    sandbox: 'run the simulated service on 127.0.0.1',
    login: 'check credentials against a service and save the connection profile',
  },
};
