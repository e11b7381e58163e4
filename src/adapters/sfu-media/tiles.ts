import type { SubstreamId } from '@streams/wire/sfu'
import { devicePixels, layerFor } from './layers'

interface Shown {
  readonly tile: string
  width: number
  height: number
}

/**
 * The remote tiles the layout shows now (the containers the UI attached a video to) and their
 * sizes, followed with a ResizeObserver; `changed` runs after each change.
 */
export class ShownTiles {
  private readonly shown = new Map<HTMLElement, Shown>()
  private readonly observer: ResizeObserver | undefined
  private listener: (() => void) | undefined

  constructor() {
    this.observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver((entries) => {
            for (const entry of entries) {
              const shown = this.shown.get(entry.target as HTMLElement)
              if (!shown) continue
              shown.width = entry.contentRect.width
              shown.height = entry.contentRect.height
            }
            this.listener?.()
          })
  }

  /** Who hears of changes (the receiving side of the session joined now). */
  onChange(listener: (() => void) | undefined): void {
    this.listener = listener
  }

  /** A tile's video shows in this container until the answered undo. */
  show(tile: string, container: HTMLElement): () => void {
    const rect = container.getBoundingClientRect()
    this.shown.set(container, { tile, width: rect.width, height: rect.height })
    this.observer?.observe(container)
    this.listener?.()
    return () => {
      this.shown.delete(container)
      this.observer?.unobserve(container)
      this.listener?.()
    }
  }

  /** The layer each shown tile needs: its largest container's ([VIDEO-1] … [VIDEO-7] sizes). */
  layers(): Map<string, SubstreamId> {
    const ratio = typeof devicePixelRatio === 'number' ? devicePixelRatio : 1
    const layers = new Map<string, SubstreamId>()
    for (const { tile, width, height } of this.shown.values()) {
      const size = devicePixels(width, height, ratio)
      const layer = layerFor(size.width, size.height)
      layers.set(tile, Math.max(layers.get(tile) ?? 0, layer) as SubstreamId)
    }
    return layers
  }
}
