import { useEffect } from 'react'
import type { Cursor } from './use-cursor'

const TEXT_INPUTS: ReadonlySet<string> = new Set([
  'text',
  'search',
  'number',
  'email',
  'password',
  'tel',
  'url',
])

/** Whether the arrow keys belong to the focused element (a text field, a select, an editor). */
export function ownsArrowKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  return target instanceof HTMLInputElement && TEXT_INPUTS.has(target.type)
}

/**
 * Left and Right arrows step back and forward anywhere on the page, unless focus is in a text
 * field (or a control, such as the timeline, already handled the key).
 */
export function useStepKeys(cursor: Cursor): void {
  const { go, position } = cursor
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
      if (ownsArrowKeys(event.target)) return
      event.preventDefault()
      go(position.current + (event.key === 'ArrowRight' ? 1 : -1))
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [go, position])
}
