import { focusBackToScreen } from './focus';

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
