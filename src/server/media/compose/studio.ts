import type { Member } from '@streams/wire/member'
import type { Db } from '../../store/db'
import { listLiveStreams } from '../../store/broadcast'
import { presentMembers } from '../../store/members'
import { getRoom, type RoomRow } from '../../store/rooms'
import type { JanusRoomRef } from '../janus/protocol'
import type { JanusServer } from '../plane'
import { BoardPicture, type BoardSource } from './board-picture'
import { BACKGROUND, nameCard, nameLabel, slate, type Overlay } from './cards'
import type { FfmpegInstall, FfmpegLog } from './ffmpeg'
import { RoomFeeds } from './feeds'
import { CANVAS, composeLayout, layoutOf, positionsOf, type Scene, type Slot } from './layout'
import { Program, type ProgramOutput } from './program'
import type { VideoInput } from './video-input'
import type { YuvFrame } from './yuv'

export interface StudioDeps {
  readonly ffmpeg: FfmpegInstall
  readonly db: Pick<Db, 'query'>
  readonly server: JanusServer
  readonly ref: JanusRoomRef
  readonly publishers: number
  readonly log: FfmpegLog & { info(message: string): void }
  /** How often the room's layout is read again (every process of ours may change it). */
  readonly refreshMs?: number
  /** The room has ended (seen on a read): its outputs should stop. */
  readonly ended?: () => void
  /** The rooms' boards (local mode's board service): a shared board is drawn in the picture. */
  readonly board?: BoardSource
}

/** What the picture shows instead of the room, while the live is paused. */
export type Cover = { readonly text: string } | null

/**
 * One room's composition: the room's publications received from Janus (`RoomFeeds`), the CDN
 * layout read from the room (the host's layout, large uid, main screen, shares) and the names of
 * its members, drawn into the program's picture every frame; the microphones mixed. Outputs
 * (the live stream, a recording) attach to it; it runs while any is attached.
 */
export class Studio {
  readonly program: Program
  private readonly feeds: RoomFeeds
  /** The shared board's picture (without a board source, a shared board is not drawn). */
  readonly board: BoardPicture | undefined
  private slots: Slot[] = []
  private names = new Map<string, string>()
  private readonly labels = new Map<string, Overlay>()
  private readonly cards = new Map<string, YuvFrame>()
  private timer: ReturnType<typeof setInterval> | undefined
  private readonly users = new Set<ProgramOutput>()
  private cover: Cover = null
  private coverFrame: YuvFrame | undefined
  private refreshing = false
  private endedSeen = false
  /** The interpreted languages' stream ids, in the order of their audio tracks (1, 2 …). */
  private languages: readonly string[] = []

  constructor(
    private readonly deps: StudioDeps,
    readonly roomId: string,
  ) {
    this.program = new Program(deps.ffmpeg, deps.log, (frame) => this.draw(frame), `room ${roomId}`)
    this.board = deps.board
      ? new BoardPicture(deps.board, (m) => deps.log.warn(`room ${roomId}: ${m}`))
      : undefined
    this.feeds = new RoomFeeds({
      ...deps,
      samples: (key, pcm) =>
        pcm === 'gone' ? this.program.mixer.remove(key) : this.program.mixer.push(key, pcm),
      changed: () => void this.refresh(),
    })
  }

  get running(): boolean {
    return this.program.running
  }

  /** Where each place is now (tests, and the bench). */
  get layout(): readonly Slot[] {
    return this.slots
  }

  /** The latest decoded picture of a member's camera (tests, and the bench). */
  picture(uid: string): YuvFrame | undefined {
    return this.feeds.find(uid, 'camera')?.video?.latest
  }

  /** A language stream's audio track: 0 (the room's own sound) when nobody interprets into it. */
  languageTrack(streamId: string): number {
    return this.languages.indexOf(streamId) + 1
  }

  /** A member's camera decoder (the bench reads its late frames dropped and its lag). */
  camera(uid: string): VideoInput | undefined {
    return this.feeds.find(uid, 'camera')?.video
  }

  /** Adds an output; the first one starts the composition. */
  async attach(output: ProgramOutput): Promise<void> {
    this.users.add(output)
    this.program.add(output)
    if (this.program.running) return
    await this.refresh()
    this.program.start()
    void this.feeds.open()
    this.timer = setInterval(() => void this.refresh(), this.deps.refreshMs ?? 1000)
  }

  /** Removes an output; the last one stops the composition (answers true then). */
  async detach(output: ProgramOutput): Promise<boolean> {
    this.users.delete(output)
    this.program.remove(output)
    if (this.users.size > 0) return false
    await this.stop()
    return true
  }

  /** Shows a full picture with a line of text instead of the room (null: the room again). */
  setCover(cover: Cover): void {
    this.cover = cover
    this.coverFrame = cover ? slate(cover.text, CANVAS.width, CANVAS.height) : undefined
  }

  /** Reads the room and its members again and places everyone. */
  async refresh(): Promise<void> {
    if (this.refreshing) return
    this.refreshing = true
    try {
      const room = await getRoom(this.deps.db, this.roomId)
      if (!room || room.state === 0) {
        if (!this.endedSeen) this.deps.ended?.()
        this.endedSeen = true
        return
      }
      const members = await presentMembers(this.deps.db, this.roomId)
      this.names = new Map(members.map((m) => [m.uid, m.userName]))
      this.slots = composeLayout(this.sceneOf(room, members))
      await this.place()
      await this.interpret()
      const board = this.slots.find((slot) => slot.kind === 'board')
      if (board && this.board) {
        const host = members.find((m) => m.role === 1)?.uid ?? ''
        await this.board.follow(room.board_id, host, board.rect.width, board.rect.height)
      } else this.board?.stop()
    } catch (error) {
      this.deps.log.warn(`composition of room ${this.roomId}: ${(error as Error).message}`)
    } finally {
      this.refreshing = false
    }
  }

  private sceneOf(room: RoomRow, members: readonly Member[]): Scene {
    const people = members.filter((m) => this.feeds.find(m.uid, 'camera')).map((m) => m.uid)
    const host = members.find((m) => m.role === 1)?.uid ?? ''
    const sharer =
      room.share_screen === 1
        ? [...this.feeds.feeds.values()].find((f) => f.owner.source === 'screen')
        : undefined
    // A screen being shared takes the place; else the board while it is shared.
    const share: Scene['share'] = sharer
      ? { kind: 'screen', uid: sharer.owner.uid }
      : room.share_board === 1 && this.board
        ? { kind: 'board' }
        : null
    return {
      layout: layoutOf(room.layout),
      people,
      large: room.large_uid || room.main_screen_uid || host,
      positions: positionsOf(room.layout_items),
      share,
    }
  }

  /**
   * Multi-language streams: each language with an interpreter present gets an audio track of its
   * own, the interpreter's microphone over the room turned down; the interpreter is left out of
   * the room's own sound. A language whose interpreter is away still has its track (the room).
   */
  private async interpret(): Promise<void> {
    const streams = (await listLiveStreams(this.deps.db, this.roomId)).filter(
      (s) => s.interpreterUid,
    )
    const microphones = (uid: string) =>
      [...this.feeds.feeds.values()]
        .filter((f) => f.owner.uid === uid && f.audio)
        .map((f) => `${f.feed}`)
    this.languages = streams.map((s) => s.streamId)
    this.program.mixer.setLanguages(
      streams.map((s) => ({ inputs: new Set(microphones(s.interpreterUid)) })),
    )
    this.program.setLanguages(this.languages)
  }

  /** Tells each video decoder the size of its place (a change restarts it at the new size). */
  private async place(): Promise<void> {
    for (const slot of this.slots) {
      const feed =
        slot.kind === 'screen'
          ? this.feeds.find(slot.key.slice('screen:'.length), 'screen')
          : slot.kind === 'camera'
            ? this.feeds.find(slot.key, 'camera')
            : undefined
      await feed?.video?.place(
        slot.rect.width,
        slot.rect.height,
        slot.kind === 'screen' ? 'contain' : 'cover',
      )
    }
  }

  /** Draws one frame: every place with its latest picture (or a name card) and a name label. */
  draw(frame: YuvFrame): void {
    if (this.coverFrame) return frame.blit(this.coverFrame, 0, 0)
    frame.fill({ x: 0, y: 0, width: frame.width, height: frame.height }, BACKGROUND)
    for (const slot of this.slots) {
      const { rect } = slot
      const uid = slot.kind === 'screen' ? slot.key.slice('screen:'.length) : slot.key
      const feed =
        slot.kind === 'board'
          ? undefined
          : this.feeds.find(uid, slot.kind === 'screen' ? 'screen' : 'camera')
      const picture = slot.kind === 'board' ? this.board?.frame : feed?.video?.latest
      if (picture && picture.width === rect.width && picture.height === rect.height)
        frame.blit(picture, rect.x, rect.y)
      else if (slot.kind === 'camera')
        frame.blit(this.card(uid, rect.width, rect.height), rect.x, rect.y)
      if (slot.kind === 'camera') {
        const label = this.label(uid, rect.width)
        frame.blend(
          label.rgba,
          label.width,
          label.height,
          rect.x,
          rect.y + rect.height - label.height,
        )
      }
    }
  }

  private label(uid: string, width: number): Overlay {
    const name = this.names.get(uid) ?? uid
    const key = `${width}:${name}`
    let label = this.labels.get(key)
    if (!label) this.labels.set(key, (label = nameLabel(name, width)))
    return label
  }

  private card(uid: string, width: number, height: number): YuvFrame {
    const name = this.names.get(uid) ?? uid
    const key = `${uid}:${width}x${height}:${name}`
    let card = this.cards.get(key)
    if (!card) this.cards.set(key, (card = nameCard(uid, name, width, height)))
    return card
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    this.board?.stop()
    await this.program.stop()
    await this.feeds.close()
  }
}
