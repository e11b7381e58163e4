/** dist-server/: where `npm start` runs the built server from. */
export const serverOut: string

/** Builds `entries` (paths from the repository's root) into `outdir`, one file each. */
export function buildServer(entries?: string[], outdir?: string): Promise<void>

/** Whether dist-server/ is missing or older than the server's sources. */
export function serverStale(): boolean
