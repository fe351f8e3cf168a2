import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { TFunction } from 'i18next';
import type { desktop } from '../../../shared/i18n/en/desktop';

/**
 * A minimal application menu in the worker's language: quit, editing (copy and paste need it on
 * macOS), text size and the window. No reload and no DevTools; a development build (not packaged)
 * adds them under View.
 */
export function applicationMenu(t: TFunction, opts: { packaged: boolean; mac: boolean }): MenuItemConstructorOptions[] {
  const m = (key: keyof (typeof desktop)['menu']) => t(`desktop:menu.${key}`);
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom', label: m('resetZoom') },
    { role: 'zoomIn', label: m('zoomIn') },
    { role: 'zoomOut', label: m('zoomOut') },
    { type: 'separator' },
    { role: 'togglefullscreen', label: m('fullScreen') },
  ];
  if (!opts.packaged)
    view.push({ type: 'separator' }, { role: 'reload', label: m('reload') }, { role: 'toggleDevTools', label: m('devTools') });
  return [
    { label: opts.mac ? t('common:appName') : m('file'), submenu: [{ role: 'quit', label: m('quit') }] },
    {
      label: m('edit'),
      submenu: [
        { role: 'undo', label: m('undo') },
        { role: 'redo', label: m('redo') },
        { type: 'separator' },
        { role: 'cut', label: m('cut') },
        { role: 'copy', label: m('copy') },
        { role: 'paste', label: m('paste') },
        { role: 'selectAll', label: m('selectAll') },
      ],
    },
    { label: m('view'), submenu: view },
    {
      label: m('window'),
      submenu: [
        { role: 'minimize', label: m('minimize') },
        { role: 'close', label: m('close') },
      ],
    },
  ];
}

export function setApplicationMenu(t: TFunction, packaged: boolean): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenu(t, { packaged, mac: process.platform === 'darwin' })));
}
