export function WhisperWidget() {
  return null;
}
