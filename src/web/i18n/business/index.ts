import { addTexts } from '..'
import { businessEn } from './en'
import { businessZh } from './zh'

let added = false

/** Adds the business features' texts, once, when a component that shows them renders. */
export function addBusinessTexts(): void {
  if (added) return
  added = true
  addTexts({ en: businessEn, zh: businessZh })
}
