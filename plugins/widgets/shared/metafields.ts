// The app-owned metafield namespace: the snapshots activity writes the widgets' snapshots under it and
// the theme extension's blocks read them from it (a light module, so a test can import it without the kernel).
export const NAMESPACE = 'plaudit';
