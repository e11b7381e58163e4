/** Every REST service of spec §7, as route tables (see route.ts). */
import { AuthService } from './auth'
import { FileService } from './files'
import { GoodsService, SignatureService } from './goods'
import { InputService } from './inputs'
import { LiveService } from './live'
import { LuckyMoneyService } from './lucky-money'
import { ProjectionService } from './projection'
import { QuestionService } from './question'
import { RecordingService } from './recording'
import { ReportService } from './report'
import { RoomService } from './room'
import { RoomUserService } from './room-users'
import { SceneService, SceneV1Service } from './scene'
import { SignInService } from './sign-in'
import { StageService } from './stage'

export const SERVICES = {
  room: RoomService,
  roomUser: RoomUserService,
  live: LiveService,
  input: InputService,
  question: QuestionService,
  scene: SceneService,
  sceneV1: SceneV1Service,
  projection: ProjectionService,
  auth: AuthService,
  file: FileService,
  recording: RecordingService,
  report: ReportService,
  luckyMoney: LuckyMoneyService,
  signIn: SignInService,
  goods: GoodsService,
  signature: SignatureService,
  stage: StageService,
} as const
export type ServiceName = keyof typeof SERVICES

export * from './route'
