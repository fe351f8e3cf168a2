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
  storage: 'The app cannot read or write its data on this PC.',
  call_failed: 'The app could not pass this request or its answer between its parts. Try again; if it keeps failing, restart the app.',
  internal: 'Something went wrong inside the app.',
  details: 'Details',
  /** Why an action was refused (AppError params.reason), shown instead of the general text. */
  reasons: {
    stored_payload_invalid:
      'The write stored on this computer can no longer be read, so it was not sent. Make it again (count the shelf again or save the products again).',
    station_name_control_chars: 'The station name may not contain control characters (such as a NUL or a line break).',
    insecure_image_http:
      '{{address}} is http:// on another computer: customers’ return photos would cross the network unencrypted. Use https://, or tick that you accept the risk as an administrator.',
    web_link_needed:
      'This address opens only with the link “wd web” printed when it started (it works once, in the browser of the user who started it). Open that link, or start “wd web” again.',
    code_control_chars:
      'The code holds characters no label prints (a stray key or a paste). Nothing was counted: scan the label or type the code again.',
    scan_too_long: 'What was read is longer than any code (over 512 characters). Nothing was counted: scan the label again.',
    scan_quantity_too_large:
      'One scan counts at most 100,000 units. Nothing was counted: type a smaller quantity, or set the line’s quantity in the list.',
    line_too_large:
      '{{sku}} would hold more than 2,000,000,000 units, more than the service takes. Nothing was changed: check the quantity typed before the scan.',
    password_refused:
      'The service no longer accepts the password you signed in with (it may have been changed). Sign in with the new one: counts and unsent writes are kept.',
    storage_code_is_product: '{{code}} is the barcode of a product ({{name}}, {{sku}}), not a storage code. Scan the shelf’s label.',
    storage_code_scanned:
      '{{code}} is the label of a storage code, not a product: it was not counted. Scan the items on the shelf (the count is of {{storageCode}}).',
    storage_code_chars: 'A storage code holds only letters, digits and . _ - / (no spaces), for example A-01.',
    count_not_settled: '{{count}} lines must be recounted or decided in Review before the count can be sent.',
    not_in_recount: '{{sku}} is not one of the lines to recount. Nothing was counted; scan only the products listed.',
    not_recounted: '{{sku}} has not been recounted yet.',
    count_taken_over:
      'The count of {{storageCode}} was taken over by another window of this PC: nothing is counted here. Continue there, or open {{storageCode}} here again.',
    count_open_elsewhere:
      'The count of {{storageCode}} is already open in another window of this PC. Continue it there, or take it over here if that window was closed.',
    sync_running: 'A sync is already running. Wait for it to finish.',
    from_after_to: 'The start date is after the end date.',
    disk_full:
      'The disk of this PC is full: this could not be saved. What was saved before is kept. Free some space (or ask IT), then do it again.',
    disk_error: 'The disk of this PC did not read or write. Try again; if it keeps happening, ask IT to check the disk.',
    disk_read_only: 'The app’s data folder cannot be written to (read-only or no permission). Ask IT to check the folder.',
    data_damaged:
      'Part of the app’s data on this PC is damaged and cannot be read. Note what is not sent yet and ask IT to restore a backup (see the README).',
    not_a_date: '“{{value}}” is not a date.',
    bad_dates: 'Choose a start and an end date.',
    list_incomplete:
      'The service listed {{seen}} of the {{expected}} packages it announced, twice. Some may be missing here; sync again later.',
    page_unreadable: 'Page {{page}} of the list came in a form the app cannot read. Sync again later; if it stays, tell support.',
    answer_too_large: 'The service sent an answer too large to read.',
    package_not_found: 'Package {{id}} is not on this PC. Sync the packages.',
    assign_needs_sku: 'Type the SKU this code belongs to, or count it as its own SKU.',
    unknown_codes_one: '{{count}} scanned code is not a known product. Assign it to a SKU or count it as its own SKU first.',
    unknown_codes_other: '{{count}} scanned codes are not known products. Assign them to a SKU or count them as their own SKU first.',
    nothing_counted: 'Nothing is counted yet: scan the items first.',
    risky_lines_one: '{{count}} line sets a SKU to 0 or changes it a lot. Tick the box to send anyway.',
    risky_lines_other: '{{count}} lines set a SKU to 0 or change it a lot. Tick the box to send anyway.',
    count_not_found: 'This count is not on this PC any more. Pick the storage code again.',
    count_pushed: 'The count of {{storageCode}} has already been sent. Pick the storage code again to start a new count.',
    count_discarded: 'The count of {{storageCode}} was discarded. Pick the storage code again to start a new count.',
    line_not_found: '{{sku}} is not in this count.',
    sku_not_in_catalogue: '{{sku}} is not in the product list. Confirm that {{code}} is {{sku}}.',
    bad_profile_id: 'This connection’s name cannot be used for its data. Create the connection again.',
    profile_not_found: 'This connection does not exist any more.',
    profile_in_use: 'Sign out before deleting the connection you are signed in to.',
    training_profile: 'The training connection cannot be changed or deleted.',
    training_profile_sign_in: 'Use the Training mode button for training.',
    no_training: 'Training mode is not available here.',
    no_profile: 'Choose a connection first.',
    nothing_remembered: 'No password is remembered for this connection. Type it.',
    remembered_unreadable: 'The remembered password cannot be read on this PC. Type it again.',
    newer_database:
      'This data was saved by a newer version of the app (database version {{version}}; this version knows up to {{latest}}). Install the newer version.',
    weak_storage: 'This PC can keep the password only with weak protection. Choose whether to keep it anyway.',
    no_secure_storage: 'This PC has no safe place to keep the password. Type it at each sign-in.',
    insecure_http:
      '{{address}} is http:// on another computer: the password would travel unencrypted. Use https://, or an administrator accepts the risk.',
    unauthorized: 'The service does not let this user do this. Ask for the permission, then try again.',
    stale: 'A newer count of {{sku}} on {{storageCode}} was sent on {{sentAt}}; this older one is not sent again.',
    workspace_closed: 'The connection was closed (signed out). Sign in again.',
    receiver_not_started: 'The notification receiver could not start (the port may be in use). Choose another port.',
    receiver_public: 'Listening on {{host}} makes the receiver reachable from the network. Confirm to go on.',
    receiver_secret_short: 'The password or token must be at least 8 characters.',
    receiver_user_missing: 'Basic sign-in needs a user name.',
    token_bearer_only: 'A token is only made for Bearer sign-in.',
    notification_not_found: 'This notification is not on this PC any more.',
    no_inspection: 'Return {{id}} has no inspection yet. Open the return again.',
    inspection_done: 'The inspection of return {{id}} is marked done. Reopen it to change it.',
    inspection_changed: 'Someone changed this inspection since you opened it. Open it again.',
    return_line_not_found: 'An item of this inspection is no longer in return {{id}}. Open the return again.',
    not_in_return: '{{code}} is neither an item of this return nor a known product.',
    return_changed: 'The return changed in the service meanwhile: look at the change first.',
    decision_missing: 'Choose accept or reject first.',
    draft_not_found: 'This draft does not exist any more.',
    admin_pin_not_set: 'An administrator PIN must be set first (Settings → Administrator settings).',
    admin_locked: 'These settings are for an administrator: unlock them with the administrator PIN first.',
    admin_pin_wrong: 'Wrong administrator PIN. {{left}} more tries before a wait.',
    admin_pin_wrong_wait: 'Wrong administrator PIN. Try again in {{seconds}} seconds.',
    admin_wait: 'Too many wrong PINs. Try again in {{seconds}} seconds.',
    admin_pin_mismatch: 'The two PINs are not the same.',
    admin_pin_exists: 'An administrator PIN is already set on this computer.',
  },
  technical: 'Technical details (for support)',
  /** What Technical details list, in the worker's language (the core's own text only in English). */
  technicalLines: {
    code: 'Error code: {{code}}',
    status: 'Answer code: {{status}}',
    said: 'The service wrote: {{said}}',
  },
  cause: {
    refused: 'Nothing answers at that address: the service may be stopped, or the address is wrong.',
    dns: 'The address name cannot be found: check the address in the connection.',
    dropped:
      'The connection was cut while talking to the service. Writes waiting in the outbox are sent again by themselves; anything else, try again.',
    other: '',
  },
  http: {
    said: '{{base}} The service said: “{{said}}”',
    refused: 'The service did not accept it (answer code {{status}}).',
    '400': 'The service did not accept the data it was sent.',
    '401': 'The service did not accept the user name or password.',
    '403': 'Your user may not do this on the service.',
    '404': 'The service does not know this record or address.',
    '409': 'The service has a newer version of this record.',
    '413': 'What was sent is too large for the service.',
    '429': 'The service is busy. Writes waiting in the outbox are sent again by themselves; anything else, try again in a minute.',
    '5xx':
      'The service has a problem on its side. Writes waiting in the outbox are sent again by themselves; anything else, try again later.',
  },
  /** A workspace file that cannot be used (AppError params.reason). */
  workspace: {
    foreign_database:
      '{{file}} is not a file of this app: another program’s database is in its place. It was left exactly as it is. Move it away (or put the right file back), then try again.',
    workspace_set_aside:
      'Part of this connection’s data was found damaged while the app was working. It was set aside (kept), with its unsent writes and open counts saved next to it, and your session ended. Sign in again to start with a fresh cache; ask IT to look at the file.',
    workspace_damaged_unread:
      'The data of this connection was damaged and nothing in it could be read. It was set aside (kept) as {{movedTo}}. Ask IT to restore a backup (see the README); sign in again to start with a fresh cache.',
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
    recovered:
      'Recovered from this connection’s damaged data (set aside on {{since}}); it was never confirmed as sent. Check it, then send it again or cancel it.',
    from_backup:
      'From a backup taken on {{since}}, when this was not sent yet: it may have been sent since, and a newer count after it. Check the stock in the service, then send it again if needed, or cancel it.',
    answer_unknown:
      'The app stopped while this was being sent on {{since}}: the service may have it, and a newer count may have been sent since. Check the stock in the service, then send it again if needed, or cancel it.',
    moved:
      'Made for {{url}} (company {{companyId}}), before the connection was changed to another address or company. It is held, not sent: an administrator sends it to the new address or cancels it.',
  },
};
