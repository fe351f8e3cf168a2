export const errors = {
  invalid_input: 'Some of the data is not valid.',
  unknown_method: 'The app asked for something it does not know.',
  forbidden: 'This is not allowed.',
  not_signed_in: 'Please sign in first.',
  auth_failed: 'User name or password is wrong.',
  session_expired: 'Your session ended. Please sign in again.',
  network: 'The service cannot be reached. Check the network or the address.',
  timeout: 'The service did not answer in time.',
  service_error: 'The service reported an error.',
  bad_response: 'The service answered with something the app cannot read.',
  not_found: 'Not found.',
  conflict: 'This conflicts with the current state.',
  needs_confirmation: 'This needs your confirmation.',
  unavailable: 'This is not available here.',
  internal: 'Something went wrong inside the app.',
  details: 'Details',
  /** Why an action was refused (AppError params.reason), shown instead of the general text. */
  reasons: {
    count_not_settled: '{{count}} lines must be recounted or decided in Review before the count can be sent.',
    not_in_recount: '{{sku}} is not one of the lines to recount. Nothing was counted; scan only the products listed.',
    not_recounted: '{{sku}} has not been recounted yet.',
    count_open_elsewhere:
      'The count of {{storageCode}} is already open in another window of this PC. Continue it there, or take it over here if that window was closed.',
    admin_pin_not_set: 'An administrator PIN must be set first (Settings → Administrator settings).',
    admin_locked: 'These settings are for an administrator: unlock them with the administrator PIN first.',
    admin_pin_wrong: 'Wrong administrator PIN. {{left}} more tries before a wait.',
    admin_pin_wrong_wait: 'Wrong administrator PIN. Try again in {{seconds}} seconds.',
    admin_wait: 'Too many wrong PINs. Try again in {{seconds}} seconds.',
    admin_pin_mismatch: 'The two PINs are not the same.',
    admin_pin_exists: 'An administrator PIN is already set on this computer.',
  },
  technical: 'Technical details (for support)',
  cause: {
    refused: 'Nothing answers at that address: the service may be stopped, or the address is wrong.',
    dns: 'The address name cannot be found: check the address in the connection.',
    dropped: 'The connection was cut while talking to the service. The app tries again.',
    other: '',
  },
  http: {
    refused: 'The service did not accept it (answer code {{status}}).',
    '400': 'The service did not accept the data it was sent.',
    '401': 'The service did not accept the user name or password.',
    '403': 'Your user may not do this on the service.',
    '404': 'The service does not know this record or address.',
    '409': 'The service has a newer version of this record.',
    '413': 'What was sent is too large for the service.',
    '429': 'The service is busy. The app tries again a little later.',
    '5xx': 'The service has a problem on its side. The app tries again.',
  },
  /** A workspace file that cannot be used (AppError params.reason). */
  workspace: {
    workspace_missing:
      'The data of this connection is missing or empty (counts and unsent writes included). Restore a backup (see the README), or ask IT.',
    workspace_damaged:
      'The data of this connection was damaged. It was set aside (kept) and what could be read was saved to {{exported}}. Sign in again to start with a fresh cache.',
  },
  /** Why a write of the outbox is where it is (OutboxItem.reason). */
  outbox: {
    refused: 'The service refused this write. Fix the cause and send it again, or cancel it.',
    blocked: 'Waits behind write #{{blockedBy}}, which the service refused: send that one again or cancel it.',
    stale: 'Not sent again: a newer count of {{sku}} at {{storageCode}} was sent on {{sentAt}}. Cancel this one.',
    unauthorized: 'The service refuses this user for {{kind}} writes. Ask for the permission, then send again.',
    unrecorded: 'The service answered; the app notes it as soon as the disk takes it (disk full or busy).',
    halted: 'Sending stopped: the service refuses this user for these writes.',
  },
};
