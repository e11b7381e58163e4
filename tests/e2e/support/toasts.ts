import type { Page } from './test'

/**
 * Notes the text of every toast the page shows from now on, and answers a reader of what it
 * showed. A toast lasts 2 s ([ERR-2]): on a busy machine, checks of several pages one after
 * another can outlast it on the last of them, so a check asks whether the page showed it.
 */
export async function noteToasts(page: Page): Promise<() => Promise<string>> {
  await page.evaluate(() => {
    const shown: string[] = []
    Object.assign(window, { roomcastToastsShown: shown })
    const read = () => {
      for (const region of document.querySelectorAll<HTMLElement>('[role="status"]')) {
        const text = region.innerText.trim()
        if (text && shown[shown.length - 1] !== text) shown.push(text)
      }
    }
    new MutationObserver(read).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    })
  })
  return () =>
    page.evaluate(() =>
      ((window as unknown as { roomcastToastsShown: string[] }).roomcastToastsShown ?? []).join(
        '\n',
      ),
    )
}
