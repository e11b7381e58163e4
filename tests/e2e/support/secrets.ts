import type { Page } from '@playwright/test'

const issued = new WeakMap<Page, Set<string>>()

/**
 * Collects every token the server issues to a page (from its JSON answers), so a test can look
 * for them in the page's session log. Call it before the page signs in or joins.
 */
export function watchSecrets(page: Page): void {
  if (issued.has(page)) return
  const tokens = new Set<string>()
  issued.set(page, tokens)
  page.on('response', async (response) => {
    if (!response.url().includes('/api/')) return
    if (!(response.headers()['content-type'] ?? '').includes('json')) return
    const body: unknown = await response.json().catch(() => undefined)
    const walk = (value: unknown, key = ''): void => {
      if (typeof value === 'string' && /token/i.test(key) && value.length >= 8) tokens.add(value)
      else if (Array.isArray(value)) value.forEach((v) => walk(v))
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) walk(v, k)
    }
    walk(body)
  })
}

/** The tokens the server has issued to a page so far. */
export function secretsIssued(page: Page): readonly string[] {
  return [...(issued.get(page) ?? [])]
}
