/** dist/: the built client the server serves. */
export const clientOut: string

/** Whether dist/ is missing or older than any of the client's sources. */
export function clientStale(): boolean

/** `vite build` into dist/; answers its exit status. */
export function buildClient(): number
