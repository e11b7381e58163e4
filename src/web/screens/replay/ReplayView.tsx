import { makeStyles, tokens } from '@fluentui/react-components'
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createSkipper } from '@streams/replay/cause'
import { boardAt } from '@streams/replay/board'
import { seqOfStep, stepOfSeq } from '@streams/replay/query'
import { stateToJson } from '@streams/replay/state-json'
import { Controls } from './Controls'
import { LogPanels } from './LogPanels'
import type { OpenedLog } from './open-log'
import { createReplaySession } from './replay-session'
import { ReplayStage } from './ReplayStage'
import { StepDetail } from './StepDetail'
import { Timeline } from './Timeline'
import { seqInHash } from './hash'
import { stepOfHash, useCursor, type Cursor } from './use-cursor'
import { usePlayback } from './use-playback'
import { useStepKeys } from './use-step-keys'

const useStyles = makeStyles({
  view: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 },
  body: {
    display: 'flex',
    flexGrow: 1,
    minHeight: 0,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  side: {
    display: 'grid',
    gridTemplateRows: 'minmax(0, 3fr) minmax(0, 2fr)',
    width: '440px',
    maxWidth: '45vw',
    flexShrink: 0,
    minHeight: 0,
    paddingTop: '8px',
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  pending: { flexGrow: 1, backgroundColor: tokens.colorNeutralBackground4 },
})

/**
 * How many of a view's parts are shown: the first at once, then one more in each task after,
 * so a view too big to mount in one task (Fluent's controls, the event list, the meeting screen:
 * over 100 ms on a busy machine) holds the page in pieces, with the log's fold in between.
 */
function usePartsShown(parts: number): number {
  const [shown, setShown] = useState(1)
  useEffect(() => {
    if (shown >= parts) return
    const timer = setTimeout(() => setShown(shown + 1), 0)
    return () => clearTimeout(timer)
  }, [shown, parts])
  return shown
}

/**
 * A box the meeting screen opens takes the focus (Fluent focuses a dialog when it opens). In a
 * replay the box comes from a seek, not from the person at the keyboard: give the focus back to
 * what had it before the seek (the step button, the event list), so stepping goes on.
 */
function useFocusKept(cursor: Cursor): [Cursor, (frame: HTMLDivElement | null) => void] {
  const frame = useRef<HTMLDivElement | null>(null)
  const before = useRef<Element | null>(null)
  const { go, step, position } = cursor
  const goKeeping = useCallback(
    (n: number) => {
      before.current = document.activeElement
      go(n)
    },
    [go],
  )
  const kept = useMemo<Cursor>(
    () => ({ step, position, go: goKeeping }),
    [step, position, goKeeping],
  )
  useEffect(() => {
    const element = frame.current
    const had = before.current
    before.current = null
    if (!element || !(had instanceof HTMLElement) || !had.isConnected) return
    if (element.contains(had) || !element.contains(document.activeElement)) return
    had.focus({ preventScroll: true })
  }, [step])
  const attach = useCallback((element: HTMLDivElement | null) => {
    frame.current = element
  }, [])
  return [kept, attach]
}

/**
 * An opened log: controls, timeline, the meeting screen at the cursor, events and detail. It
 * re-renders when the log has grown (a new `opened`), not with the progress bar above it.
 */
export const ReplayView = memo(function ReplayView({ opened }: { opened: OpenedLog }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { replay } = opened
  const [initialStep] = useState(() => stepOfHash(replay, window.location.hash))
  const [session] = useState(() =>
    createReplaySession(replay.seek(initialStep), replay.header.startedAt),
  )
  const [cursor, attachFrame] = useFocusKept(useCursor(replay, session, initialStep))
  const playback = usePlayback(replay, cursor)
  useStepKeys(cursor)
  // A #seq= link past what has loaded so far: go there once that event is in.
  const wanted = useRef(seqInHash(window.location.hash))
  const { go } = cursor
  useEffect(() => {
    const seq = wanted.current
    const { envelopes } = replay
    if (seq === null || envelopes.length === 0 || envelopes.seqAt(envelopes.length - 1) < seq)
      return
    wanted.current = null
    go(stepOfSeq(replay.envelopes, seq))
  }, [replay, go])
  const [status, setStatus] = useState('')
  const { step } = cursor
  // Skipped events (envelope indexes): the stage shows the state as if they had never come.
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(() => new Set())
  const skipper = useMemo(() => createSkipper(replay), [replay])
  const onSkip = useCallback((index: number, skip: boolean) => {
    setSkipped((before) => {
      const next = new Set(before)
      if (skip) next.add(index)
      else next.delete(index)
      return next
    })
  }, [])
  useEffect(() => {
    session.show(skipper(step, skipped))
    session.showBoard(boardAt(replay.envelopes, step))
  }, [session, skipper, step, skipped, replay])
  // The meeting screen names the tab when it mounts; this page is the replay.
  useEffect(() => {
    document.title = t('replay.title')
  })

  const copy = () => {
    const seq = seqOfStep(replay.envelopes, step)
    // The same text as `npm run replay -- <log> --at <seq> --json`.
    const text = stateToJson(replay.stateAt(step))
    const clipboard = navigator.clipboard as Clipboard | undefined
    if (!clipboard) {
      setStatus(t('replay.controls.copyFailed', { message: 'no clipboard' }))
      return
    }
    clipboard.writeText(text).then(
      () => setStatus(t('replay.controls.copied', { seq })),
      (error: unknown) =>
        setStatus(
          t('replay.controls.copyFailed', {
            message: error instanceof Error ? error.message : String(error),
          }),
        ),
    )
  }

  // the controls and the timeline first, then the event list, then the meeting screen and detail
  const shown = usePartsShown(3)
  return (
    <div className={styles.view}>
      <Controls replay={replay} cursor={cursor} playback={playback} onCopy={copy} status={status} />
      <Timeline replay={replay} cursor={cursor} />
      <div className={styles.body}>
        {shown >= 3 ? (
          <ReplayStage session={session} onFrame={attachFrame} />
        ) : (
          <div className={styles.pending} />
        )}
        <aside className={styles.side}>
          {shown >= 2 && <LogPanels opened={opened} cursor={cursor} />}
          {shown >= 3 && (
            <StepDetail
              replay={replay}
              step={step}
              go={cursor.go}
              skipped={skipped}
              onSkip={onSkip}
            />
          )}
        </aside>
      </div>
    </div>
  )
})
