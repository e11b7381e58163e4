// The module scripts/first-load-routes.ts generates at build time; first-load.ts types it.
declare module 'virtual:first-load-routes' {
  export const routes: Readonly<Record<string, unknown>>
  export const checkClientConfig: (value: unknown) => boolean
}
