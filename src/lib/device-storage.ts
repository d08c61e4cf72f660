// What this app uses of the device's storage, and whether the browser promised to keep it (Storage API; each
// figure null where the browser does not say).

export interface StorageInfo {
  usage: number | null;
  quota: number | null;
  persisted: boolean | null;
}

export async function readStorage(): Promise<StorageInfo> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  const persisted = (await navigator.storage?.persisted?.().catch(() => null)) ?? null;
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}
