/** The desktop app's own window: application menu, the dialog shown when the app cannot start, and the one after repeated crashes of the window. */
export const desktop = {
  menu: {
    file: 'File',
    quit: 'Quit',
    edit: 'Edit',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    selectAll: 'Select all',
    view: 'View',
    zoomIn: 'Larger text',
    zoomOut: 'Smaller text',
    resetZoom: 'Normal text size',
    fullScreen: 'Full screen',
    window: 'Window',
    minimize: 'Minimize',
    close: 'Close window',
    devTools: 'Developer tools',
    reload: 'Reload',
  },
  crash: {
    title: 'Warehouse Desk',
    message: 'The Warehouse Desk window closed unexpectedly, twice in a short time.',
    detail:
      'Your counts and queued writes are saved. Reload the window to go on; if it keeps happening, quit and start the app again, or ask IT. (Reason: {{reason}})',
    reload: 'Reload',
    quit: 'Quit',
  },
  startup: {
    title: 'Warehouse Desk cannot start',
    newerDatabase:
      'The data in {{dir}} was saved by a newer version of Warehouse Desk (database version {{version}}; this version knows up to {{latest}}). Install the newer version. Nothing was changed.',
    nativeMissing:
      'A part of the app is missing (the database module, better-sqlite3, at {{path}}). Install Warehouse Desk again, or ask IT.',
    failed: 'Warehouse Desk stopped while starting: {{message}}',
    storage: 'Warehouse Desk cannot use its data in {{dir}}. {{why}} Nothing was changed.',
  },
};
