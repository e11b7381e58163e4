import react from '@vitejs/plugin-react'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import { firstLoadRoutes } from './scripts/first-load-routes.mjs'

const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as { version: string }
const serverPort = Number(process.env.PORT ?? 8080)

/**
 * Agora's AI denoiser loads its wasm from a path we give it: our own server serves the package's
 * files at /agora-denoiser/ (copied into the build; served from node_modules in dev).
 */
function agoraDenoiserAssets(): Plugin {
  const from = 'node_modules/agora-extension-ai-denoiser/external'
  const files = () => readdirSync(from).filter((f) => f.endsWith('.wasm'))
  return {
    name: 'agora-denoiser-assets',
    generateBundle() {
      for (const file of files())
        this.emitFile({
          type: 'asset',
          fileName: `agora-denoiser/${file}`,
          source: readFileSync(join(from, file)),
        })
    },
    configureServer(server) {
      server.middlewares.use('/agora-denoiser', (req, res, next) => {
        const file = files().find((f) => req.url === `/${f}`)
        if (!file) return next()
        res.setHeader('content-type', 'application/wasm')
        res.end(readFileSync(join(from, file)))
      })
    },
  }
}

export default defineConfig({
  plugins: [react(), firstLoadRoutes(), agoraDenoiserAssets()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  // `@streams/…` is the event core (tsconfig.base.json's paths say the same to tsc and tsx).
  resolve: {
    alias: [
      {
        find: /^@streams(?=\/|$)/,
        replacement: fileURLToPath(new URL('./streams', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // scripts/check-bundle.mjs reads the manifest to check the first-load budget.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every first screen needs, in one chunk (fewer requests, better compression).
            {
              name: 'boot',
              // Top-level packages only (an SDK's own copy of React stays with the SDK).
              test: /^(?!.*node_modules.*node_modules).*node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|axios|use-sync-external-store)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  // Module workers and worklets (the RNNoise AudioWorklet is an ES module).
  worker: { format: 'es' },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/rtm': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
      '/sfu': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
      '/board': { target: `http://127.0.0.1:${serverPort}`, ws: true },
    },
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // A jsdom screen's first render (cold imports, Fluent) took over 30 s with two `npm test`
    // runs side by side on a loaded 2-core machine. A limit for hangs, not a speed assertion.
    testTimeout: 120_000,
    // A server suite's start (PGlite, migrations, a cold tsx) took over 60 s on a loaded machine.
    hookTimeout: 180_000,
    // Testing Library's waits sized the same way (jsdom files only).
    setupFiles: ['tests/support/async-limits.ts'],
  },
})
