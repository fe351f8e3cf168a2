/** Notification receiver settings (notifications feature). */
export function ReceiverSection() {
  return null;
}
