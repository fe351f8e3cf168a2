/** The desktop app's own window: application menu and the dialog shown when the app cannot start. */
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
  startup: {
    title: 'Warehouse Desk cannot start',
    newerDatabase:
      'The data in {{dir}} was saved by a newer version of Warehouse Desk (database version {{version}}; this version knows up to {{latest}}). Install the newer version. Nothing was changed.',
    nativeMissing:
      'A part of the app is missing (the database module, better-sqlite3, at {{path}}). Install Warehouse Desk again, or ask IT.',
    failed: 'Warehouse Desk stopped while starting: {{message}}',
  },
};
