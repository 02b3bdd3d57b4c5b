export function CustomCursor() {
  return null;
}
