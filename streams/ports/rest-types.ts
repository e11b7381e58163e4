import type { Static } from '@sinclair/typebox'
import type { BodyOf, DataOf } from '../wire/rest/route'
import type { RoomService } from '../wire/rest/room'
import type { RoomUserService } from '../wire/rest/room-users'
import type { LiveService } from '../wire/rest/live'
import type { RecordingService } from '../wire/rest/recording'
import type { SceneService, SceneV1Service, LayoutSchema } from '../wire/rest/scene'
import type { ProjectionService } from '../wire/rest/projection'
import type { QuestionService } from '../wire/rest/question'
import type { LuckyMoneyService } from '../wire/rest/lucky-money'
import type { SignInService } from '../wire/rest/sign-in'
import type { GoodsService } from '../wire/rest/goods'
import type { StageService } from '../wire/rest/stage'

/**
 * The answers of the REST calls the client makes, taken from the server's route tables
 * (`streams/wire/rest/`), so the port and the routes read one contract.
 */
type RoomRoutes = (typeof RoomService)['routes']
type UserRoutes = (typeof RoomUserService)['routes']
type SceneRoutes = (typeof SceneService)['routes']

export type RoomAnswer = DataOf<RoomRoutes['getRoom']>
export type RoomDetail = RoomAnswer['room']
export type BoardCredentials = DataOf<RoomRoutes['board']>
export type TokenSet = DataOf<RoomRoutes['refreshToken']>
export type UsersAmount = DataOf<RoomRoutes['usersAmount']>
export type HotNum = DataOf<RoomRoutes['hotNum']>
export type RoomInfoAnswer = DataOf<RoomRoutes['updateRoom']>
export type MemberAnswer = DataOf<UserRoutes['mediaFlag']>
export type ShareAnswer = DataOf<UserRoutes['grantBoard']>
export type HostAnswer = DataOf<UserRoutes['setHost']>
/** Where an invitation or application went, and whether that member was online. */
export type RequestAnswer = DataOf<UserRoutes['invite']>
export type MainScreenAnswer = DataOf<SceneRoutes['mainScreenUpdate']>
export type LayoutAnswer = Static<typeof LayoutSchema>
export type LayoutUpdate = Omit<LayoutAnswer, 'layout' | 'typeOfCDN'> & {
  readonly layout: LayoutAnswer['layout']
  readonly typeOfCDN: string
}
export type RecordStateAnswer = DataOf<SceneRoutes['recordState']>
export type LikeAnswer = DataOf<(typeof SceneV1Service)['routes']['like']>
/** The live screens' settings, with the live URL list (one stream per language, [ENTRY-3]). */
export type LiveSetting = DataOf<(typeof LiveService)['routes']['setting']>
export type LanguageStream = LiveSetting['streamingUrls'][number]
/** How a push my client runs goes (Agora mode), as the server takes it. */
export type LivePushReport = BodyOf<(typeof LiveService)['routes']['pushReport']>
/** A stage's uid in the room and a token that publishes under it (Agora mode). */
export type StageToken = DataOf<(typeof StageService)['routes']['stageToken']>
/** Recording playback ([ENTRY-4]). */
export type Playback = DataOf<(typeof RecordingService)['routes']['list']>
export type Recording = DataOf<(typeof RecordingService)['routes']['mixStart']>
export type ProjectionUsers = DataOf<(typeof ProjectionService)['routes']['selectedUsers']>
export type AnswerRecord = DataOf<(typeof QuestionService)['routes']['answer']>
type QuestionRoutes = (typeof QuestionService)['routes']
export type Question = DataOf<QuestionRoutes['add']>
export type QuestionStatistics = DataOf<QuestionRoutes['statistics']>
/** What a host writes to add a question. */
export interface QuestionDraft {
  readonly title: string
  readonly options: readonly string[]
  readonly answer: readonly string[]
  readonly multiple: boolean
  readonly standingSecond: number
}
type LuckyRoutes = (typeof LuckyMoneyService)['routes']
export type LuckyMoney = DataOf<LuckyRoutes['send']>
export type LuckyDraw = DataOf<LuckyRoutes['war']>
export type LuckyMoneyList = DataOf<LuckyRoutes['list']>
export type SignIn = DataOf<(typeof SignInService)['routes']['add']>
export type Goods = DataOf<(typeof GoodsService)['routes']['add']>
/** What a host writes to add goods. */
export interface GoodsDraft {
  readonly title: string
  readonly price: number
  readonly url: string
  readonly goodsImg: string
}

/** The per-user media flag a REST update sets (spec §7 "Update user media state"). */
export type MediaFlag = 'enableAudio' | 'enableVideo' | 'enableChat' | 'grantBoard'
