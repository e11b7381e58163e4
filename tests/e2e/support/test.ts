import { test as base, type BrowserContext } from '@playwright/test'

export { expect } from '@playwright/test'
export type { Browser, Locator, Page } from '@playwright/test'

/**
 * Playwright's `test` with one addition: every browser context a test opens itself (a person
 * joining through `browser.newContext()`) is closed when the test ends. Left open, each one keeps
 * publishing its fake camera over WebRTC, and a run of fifty tests ends with dozens of encoders
 * on two cores. Contexts opened in `beforeAll` belong to their `describe` and are left alone.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set<BrowserContext>(browser.contexts())
      await use()
      const opened = browser.contexts().filter((c) => !before.has(c))
      await Promise.all(opened.map((c) => c.close().catch(() => undefined)))
    },
    { auto: true },
  ],
})
