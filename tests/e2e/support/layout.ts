import { expect, type Page } from '@playwright/test'
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** Where the layout checks save their screenshots (git-ignored). */
export const SCREENSHOTS = join(dirname(new URL(import.meta.url).pathname), '..', 'screenshots')

export interface LayoutProblem {
  readonly kind: 'overlap' | 'clipped' | 'wrapped' | 'avatar' | 'edge' | 'emoji'
  readonly what: string
}

/**
 * Finds, in the page: visible controls whose boxes overlap; text wider than its box
 * (scrollWidth > clientWidth) unless it ends in an ellipsis with its whole text as a title or
 * label; a select narrower than its chosen option ('Englis'); a one-line control, or a short
 * text (a count, a name, a label), that wraps onto a second line; an avatar over a text of its
 * own row or tile; text touching the window's edge (a screen with no layout at all, even behind
 * a dialog); and emoji, which show as boxes without an emoji font (icons are Fluent's).
 */
export async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: { kind: LayoutProblem['kind']; what: string }[] = []
    const describe = (el: Element) => {
      const label =
        el.getAttribute('aria-label') ||
        (el as HTMLElement).innerText?.trim().slice(0, 40) ||
        el.getAttribute('placeholder') ||
        ''
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${label}"`
    }
    const shown = (el: Element) => {
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
      return true
    }
    const visible = (el: Element) => {
      if (!shown(el)) return false
      const box = el.getBoundingClientRect()
      // The top element at its centre is the control or inside it (not covered by a dialog).
      const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1)
      const y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1)
      const top = document.elementFromPoint(x, y)
      return top !== null && (top === el || el.contains(top) || top.contains(el))
    }
    const ownText = (el: Element) =>
      [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim()
    /** The boxes of the text directly in `el`. */
    const ownRects = (el: Element) => {
      const rects: DOMRect[] = []
      for (const n of el.childNodes) {
        if (n.nodeType !== Node.TEXT_NODE || !(n.textContent ?? '').trim()) continue
        const range = document.createRange()
        range.selectNodeContents(n)
        for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) rects.push(r)
      }
      return rects
    }
    /** How many lines the text under `el` takes. */
    const lines = (el: Element) => {
      const rects: DOMRect[] = []
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!(n.textContent ?? '').trim()) continue
        const range = document.createRange()
        range.selectNodeContents(n)
        for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) rects.push(r)
      }
      rects.sort((a, b) => a.top - b.top)
      let count = 0
      let bottom = -Infinity
      for (const r of rects) {
        if (r.top >= bottom - r.height * 0.25) {
          count++
          bottom = r.bottom
        } else bottom = Math.max(bottom, r.bottom)
      }
      return count
    }
    const cjk = /[\u3000-\u9fff\uff00-\uffef]/

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

    // One-line controls: a button's, a tab's, a menu item's or a link's text never wraps.
    for (const el of leaves) {
      if (el.matches('input, textarea, select')) continue
      if ((el as HTMLElement).innerText?.trim() && lines(el) > 1)
        problems.push({ kind: 'wrapped', what: describe(el) })
    }
    // A select shows its chosen option whole: it is at least as wide as a copy holding only it.
    for (const el of leaves) {
      if (!(el instanceof HTMLSelectElement) || el.selectedIndex < 0) continue
      const copy = el.cloneNode(false) as HTMLSelectElement
      copy.append(el.options[el.selectedIndex]!.cloneNode(true))
      Object.assign(copy.style, {
        position: 'absolute',
        visibility: 'hidden',
        width: 'auto',
        minWidth: '0',
        maxWidth: 'none',
        flex: 'none',
      })
      el.parentElement?.append(copy)
      const needed = copy.getBoundingClientRect().width
      copy.remove()
      if (el.getBoundingClientRect().width + 1 < needed)
        problems.push({
          kind: 'clipped',
          what: `${describe(el)} ${Math.round(el.getBoundingClientRect().width)}<${Math.round(needed)}`,
        })
    }

    const texts = [...document.querySelectorAll('body *')].filter((el) => ownText(el) !== '')
    for (const el of texts) {
      const text = ownText(el)
      const html = el as HTMLElement
      // Emoji render as boxes without an emoji font.
      if (/\p{Extended_Pictographic}/u.test(text) && shown(el))
        problems.push({ kind: 'emoji', what: describe(el) })
      // A screen without layout puts its text on the window's very edge (the text itself: a
      // padded box may start at the edge).
      if (
        shown(el) &&
        !el.closest('[role=dialog], [role=alertdialog], [role=menu], [role=tooltip]')
      ) {
        const edge = ownRects(el).find((r) => r.left < 1 || r.top < 1)
        if (edge)
          problems.push({
            kind: 'edge',
            what: `${describe(el)} at ${Math.round(edge.left)},${Math.round(edge.top)}`,
          })
      }
      if (!visible(el)) continue
      // An ellipsis is a cut the user can read past: the whole text is its title or its
      // tile's label.
      const readable = (e: HTMLElement) => {
        if (getComputedStyle(e).textOverflow !== 'ellipsis') return false
        const whole = e.innerText.trim()
        for (let a: Element | null = e, i = 0; a && i < 4; a = a.parentElement, i++)
          if (a.getAttribute('title') === whole || a.getAttribute('aria-label') === whole)
            return true
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
      // A short text (a count, a name, a title) stays on one line.
      const short = cjk.test(text) ? text.length <= 12 : text.length <= 24
      if (short && !el.closest('p, textarea, [role=log]') && lines(el) > 1)
        problems.push({ kind: 'wrapped', what: describe(el) })
    }

    // An avatar never covers a text of its own tile or row (a name, a role, a status).
    for (const avatar of document.querySelectorAll('.fui-Avatar')) {
      if (!shown(avatar)) continue
      const holder = avatar.closest('figure, li, [role=listitem], [role=row], [role=option]')
      if (!holder) continue
      const a = avatar.getBoundingClientRect()
      for (const el of holder.querySelectorAll('*')) {
        if (avatar.contains(el) || el.contains(avatar) || !ownText(el) || !shown(el)) continue
        const b = el.getBoundingClientRect()
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left)
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
        if (w > 1 && h > 1)
          problems.push({ kind: 'avatar', what: `${describe(avatar)} / ${describe(el)}` })
      }
    }
    return problems
  })
}

/**
 * Waits until the page's finite animations (a dialog opening, a drawer sliding) have finished and
 * a frame has been drawn since: on a busy machine they outlast a fixed pause.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter(
        (a) => a.playState !== 'paused' && a.effect?.getComputedTiming().iterations !== Infinity,
      )
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)))
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
}

/** Saves a screenshot and fails on any layout problem. */
export async function checkLayout(page: Page, name: string): Promise<void> {
  await settled(page)
  await mkdir(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false })
  // Soft: one run lists every screen's problems.
  expect.soft(await layoutProblems(page), `layout of ${name}`).toEqual([])
}
