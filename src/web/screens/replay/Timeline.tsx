import { makeStyles, tokens } from '@fluentui/react-components'
import { useMemo, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Replay } from '@streams/replay/engine'
import { MARKER_KINDS, type MarkerKind } from '@streams/replay/markers'
import { formatTime, seqOfStep } from '@streams/replay/query'
import {
  fractionOfStep,
  markerColumns,
  scaleOf,
  stepAtFraction,
  timeOfStep,
} from './timeline-scale'
import type { Cursor } from './use-cursor'

/** Columns of the bar: markers are drawn per column, never one node per marker. */
const COLUMNS = 240
const LANE_HEIGHT = 5

/** Each marker kind has its colour (and its lane), shown in the legend. */
export const KIND_COLOURS: Readonly<Record<MarkerKind, string>> = {
  join: tokens.colorPaletteGreenBackground3,
  error: tokens.colorPaletteRedBackground3,
  dialog: tokens.colorPaletteMarigoldBackground3,
  role: tokens.colorPaletteBerryBackground3,
  chat: tokens.colorPaletteBlueBackground2,
  muteAll: tokens.colorPaletteDarkOrangeBackground3,
  grant: tokens.colorPaletteTealBackground2,
  restFailed: tokens.colorPaletteCranberryBackground2,
  reconnect: tokens.colorPalettePurpleBackground2,
  gap: tokens.colorNeutralForeground1,
}

const useStyles = makeStyles({
  timeline: { display: 'flex', flexDirection: 'column', gap: '4px', padding: '0 12px 8px' },
  bar: {
    position: 'relative',
    height: `${MARKER_KINDS.length * LANE_HEIGHT + 10}px`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    cursor: 'pointer',
    touchAction: 'none',
    outlineOffset: '2px',
  },
  mark: { position: 'absolute', minWidth: '2px', height: `${LANE_HEIGHT - 2}px` },
  cursor: {
    position: 'absolute',
    top: '-3px',
    bottom: '-3px',
    width: '2px',
    marginLeft: '-1px',
    backgroundColor: tokens.colorBrandForeground1,
    pointerEvents: 'none',
  },
  legend: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '4px 16px',
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
  key: { display: 'flex', alignItems: 'center', gap: '6px' },
  swatch: { width: '12px', height: '8px', borderRadius: '2px' },
})

/**
 * The log's duration as a bar, with the timeline markers (joins, errors, boxes, role changes)
 * in a lane per kind, aggregated per column. A click or a drag seeks there; it is a slider for
 * the keyboard (arrows step, Page Up/Down move a hundredth, Home and End).
 */
export function Timeline({ replay, cursor }: { replay: Replay; cursor: Cursor }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { step, go } = cursor
  const { envelopes, length } = replay
  const scale = useMemo(() => scaleOf(replay), [replay])
  // Built once per log: the bar re-renders on every seek, the marks do not.
  const marks = useMemo(() => {
    const columns = markerColumns(replay.markers, envelopes, scale, COLUMNS)
    const nodes: ReactNode[] = []
    MARKER_KINDS.forEach((kind, lane) => {
      const counts = columns[kind]
      for (let c = 0; c < COLUMNS; c++)
        if ((counts[c] as number) > 0)
          nodes.push(
            <span
              key={`${kind}-${c}`}
              className={styles.mark}
              data-kind={kind}
              style={{
                left: `${(c / COLUMNS) * 100}%`,
                width: `${100 / COLUMNS}%`,
                top: `${5 + lane * LANE_HEIGHT}px`,
                backgroundColor: KIND_COLOURS[kind],
              }}
            />,
          )
    })
    return nodes
  }, [replay, envelopes, scale, styles.mark])

  const seekTo = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    if (box.width <= 0) return
    go(stepAtFraction(scale, envelopes, (event.clientX - box.left) / box.width))
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.round(length / 100))
    const moves: Record<string, number> = {
      ArrowLeft: step - 1,
      ArrowDown: step - 1,
      ArrowRight: step + 1,
      ArrowUp: step + 1,
      PageDown: step - page,
      PageUp: step + page,
      Home: 0,
      End: length,
    }
    const to = moves[event.key]
    if (to === undefined) return
    event.preventDefault()
    go(to)
  }

  const time = formatTime(timeOfStep(envelopes, scale.from, step) - replay.header.startedAt)
  const fraction = fractionOfStep(scale, envelopes, step)
  return (
    <div className={styles.timeline}>
      <div
        role="slider"
        tabIndex={0}
        aria-label={t('replay.timeline.label')}
        aria-valuemin={0}
        aria-valuemax={length}
        aria-valuenow={step}
        aria-valuetext={
          step === 0
            ? `${t('replay.timeline.start')} · ${time}`
            : t('replay.timeline.value', { seq: seqOfStep(envelopes, step), time })
        }
        className={styles.bar}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId)
          seekTo(event)
        }}
        onPointerMove={(event) => {
          if (event.currentTarget.hasPointerCapture?.(event.pointerId)) seekTo(event)
        }}
      >
        {marks}
        <span className={styles.cursor} style={{ left: `${fraction * 100}%` }} />
      </div>
      <ul className={styles.legend} aria-label={t('replay.timeline.legend')}>
        {MARKER_KINDS.map((kind) => (
          <li key={kind} className={styles.key}>
            <span className={styles.swatch} style={{ backgroundColor: KIND_COLOURS[kind] }} />
            {t(`replay.timeline.kinds.${kind}`)}
          </li>
        ))}
      </ul>
    </div>
  )
}
