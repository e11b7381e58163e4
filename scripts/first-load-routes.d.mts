import type { Plugin } from 'vite'

/** Serves `virtual:first-load-routes` (see first-load-routes.mjs). */
export function firstLoadRoutes(): Plugin
