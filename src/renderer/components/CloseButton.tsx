/**
 * Where the focus goes when the control that had it goes away (a detail's Close): back to the
 * screen's list, on its Tab stop (the row the worker opened, listKeys.ts), else to the screen's
 * primary control; never to the page, from where Tab starts over at the navigation.
 */
export function focusBackToScreen(): void {
  const main = document.querySelector('main');
  const target =
    main?.querySelector<HTMLElement>('[role="list"] [role="listitem"][tabindex="0"]') ?? main?.querySelector<HTMLElement>('[data-primary]');
  target?.focus({ preventScroll: true });
}

/** A detail's Close: the focus goes back to the screen (focusBackToScreen) before the detail goes away. */
export function CloseButton({ label, onClose }: { label: string; onClose: () => void }) {
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => {
        focusBackToScreen();
        onClose();
      }}
    >
      {label}
    </button>
  );
}
