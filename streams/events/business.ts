import type {
  AnswerRecord,
  Goods,
  GoodsDraft,
  LuckyDraw,
  LuckyMoney,
  LuckyMoneyList,
  Question,
  QuestionDraft,
  QuestionStatistics,
  SignIn,
} from '../ports/rest-types'

/**
 * The business features as facts: quizzes, red packets, sign-in and goods (spec §1, §2, §7).
 * What a user did (ui/), what the server answered (rest/), and when a question's time ran out.
 */
export type BusinessEvent =
  // quizzes: the host's panel
  | { readonly type: 'ui/quizOpened' }
  | { readonly type: 'ui/quizClosed' }
  | { readonly type: 'ui/questionAdded'; readonly draft: QuestionDraft }
  /** A CSV file in the template's format, read by the page. */
  | { readonly type: 'ui/questionsImported'; readonly fileName: string; readonly csv: string }
  | { readonly type: 'ui/questionDeleted'; readonly questionId: string }
  /** Show (1), close (2) or publish the results of (3) a question. */
  | {
      readonly type: 'ui/questionStateChosen'
      readonly questionId: string
      readonly answerState: 1 | 2 | 3
    }
  /** The question whose answers and statistics the host's panel follows. */
  | { readonly type: 'ui/questionSelected'; readonly questionId: string }
  | { readonly type: 'ui/questionBoxClosed'; readonly questionId: string }
  | { readonly type: 'rest/questionsLoaded'; readonly questions: readonly Question[] }
  | { readonly type: 'rest/questionAdded'; readonly question: Question }
  | { readonly type: 'rest/questionsImported'; readonly questions: readonly Question[] }
  | { readonly type: 'rest/questionDeleted'; readonly questionId: string }
  | { readonly type: 'rest/questionStateChanged'; readonly question: Question }
  | {
      readonly type: 'rest/questionResultsLoaded'
      readonly questionId: string
      readonly statistics: QuestionStatistics
      readonly answers: readonly AnswerRecord[]
    }
  | { readonly type: 'rest/answerSent'; readonly questionId: string; readonly record: AnswerRecord }
  /** The question's standing time ran out: its answer box closes. */
  | { readonly type: 'timer/questionTimedOut'; readonly questionId: string }
  // red packets (lucky money)
  | {
      readonly type: 'ui/redPacketSent'
      readonly totalAmount: number
      readonly count: number
      readonly greeting: string
    }
  | { readonly type: 'ui/redPacketGrabbed'; readonly luckyMoneyId: string }
  | { readonly type: 'ui/redPacketResultsOpened'; readonly luckyMoneyId: string }
  | { readonly type: 'ui/redPacketClosed' }
  | { readonly type: 'rest/redPacketSent'; readonly packet: LuckyMoney }
  | { readonly type: 'rest/redPacketDrawn'; readonly draw: LuckyDraw }
  | {
      readonly type: 'rest/redPacketsLoaded'
      readonly luckyMoneyId: string
      readonly list: LuckyMoneyList
    }
  /** On entry: the room's open packet, if any. */
  | { readonly type: 'rest/openRedPacketLoaded'; readonly packet: LuckyMoney | null }
  // sign-in and the sign-in wall
  | { readonly type: 'ui/signInClicked' }
  | { readonly type: 'ui/signInWallOpened' }
  | { readonly type: 'ui/signInWallClosed' }
  | { readonly type: 'rest/signedIn'; readonly record: SignIn }
  | { readonly type: 'rest/signInsLoaded'; readonly list: readonly SignIn[] }
  // goods
  | { readonly type: 'ui/goodsOpened' }
  | { readonly type: 'ui/goodsAdded'; readonly draft: GoodsDraft }
  /** A host shows goods to the room, or hides the card again. */
  | { readonly type: 'ui/goodsPresented'; readonly goodsId: string; readonly show: boolean }
  /** I close the goods card on my screen. */
  | { readonly type: 'ui/goodsCardClosed' }
  | { readonly type: 'rest/goodsLoaded'; readonly goods: readonly Goods[] }
  | { readonly type: 'rest/goodsAdded'; readonly goods: Goods }
  | { readonly type: 'rest/goodsPresented'; readonly goods: Goods; readonly show: boolean }
