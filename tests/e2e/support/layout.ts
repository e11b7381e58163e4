import { expect, type Page } from '@playwright/test'
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** Where the layout checks save their screenshots (git-ignored). */
export const SCREENSHOTS = join(dirname(new URL(import.meta.url).pathname), '..', 'screenshots')

export interface LayoutProblem {
  readonly kind: 'overlap' | 'clipped'
  readonly what: string
}

/**
 * Finds visible controls whose boxes overlap each other, and elements whose own text is wider
 * than their box (scrollWidth > clientWidth). Runs in the page.
 */
export async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: { kind: 'overlap' | 'clipped'; what: string }[] = []
    const describe = (el: Element) => {
      const label =
        el.getAttribute('aria-label') ||
        (el as HTMLElement).innerText?.trim().slice(0, 40) ||
        el.getAttribute('placeholder') ||
        ''
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${label}"`
    }
    const visible = (el: Element) => {
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)
        return false
      const box = el.getBoundingClientRect()
      if (box.width < 1 || box.height < 1) return false
      // Inside the viewport, and not scrolled out of a scrolling ancestor.
      if (box.bottom <= 0 || box.right <= 0 || box.top >= innerHeight || box.left >= innerWidth)
        return false
      for (let p = el.parentElement; p; p = p.parentElement) {
        const ps = getComputedStyle(p)
        if (/(auto|scroll|hidden|clip)/.test(ps.overflow + ps.overflowX + ps.overflowY)) {
          const pb = p.getBoundingClientRect()
          if (
            box.bottom <= pb.top ||
            box.top >= pb.bottom ||
            box.right <= pb.left ||
            box.left >= pb.right
          )
            return false
        }
      }
      // The top element at its centre is the control or inside it (not covered by a dialog).
      const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1)
      const y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1)
      const top = document.elementFromPoint(x, y)
      return top !== null && (top === el || el.contains(top) || top.contains(el))
    }
    const controls = [
      ...document.querySelectorAll(
        'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=switch], [role=checkbox], [role=menuitem], [role=combobox]',
      ),
    ].filter(visible)
    // Nested controls (an input inside a combobox wrapper) are one control.
    const leaves = controls.filter((c) => !controls.some((o) => o !== c && c.contains(o)))
    const boxes = leaves.map((el) => ({ el, box: el.getBoundingClientRect() }))
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!
        const b = boxes[j]!
        const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left)
        const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top)
        if (w > 1 && h > 1)
          problems.push({ kind: 'overlap', what: `${describe(a.el)} / ${describe(b.el)}` })
      }
    }
    for (const el of document.querySelectorAll('body *')) {
      const ownText = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
      )
      if (!ownText || !visible(el)) continue
      const html = el as HTMLElement
      // An ellipsis is a cut the user can read past: the whole text is its title or its
      // tile's label.
      const readable = (e: HTMLElement) => {
        if (getComputedStyle(e).textOverflow !== 'ellipsis') return false
        const text = e.innerText.trim()
        for (let a: Element | null = e, i = 0; a && i < 4; a = a.parentElement, i++)
          if (a.getAttribute('title') === text || a.getAttribute('aria-label') === text) return true
        return false
      }
      if (
        html.scrollWidth > html.clientWidth + 1 &&
        getComputedStyle(html).display !== 'inline' &&
        !readable(html)
      )
        problems.push({
          kind: 'clipped',
          what: `${describe(el)} ${html.scrollWidth}>${html.clientWidth}`,
        })
    }
    return problems
  })
}

/** Saves a screenshot and fails on any overlap or clipped text. */
export async function checkLayout(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false })
  expect(await layoutProblems(page), `layout of ${name}`).toEqual([])
}
