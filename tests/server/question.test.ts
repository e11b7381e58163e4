import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { meeting, ROOM, RtmClient, startServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const Q = `${ROOM}question/`

describe('question quizzes', () => {
  it('[API-8] [CMD-41] a host adds and shows a question (announced); members answer once; statistics and answer lists', async () => {
    const { host, guest, roomId } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    const added = await host.client.post(`${Q}admin/add`, {
      roomId,
      title: 'Largest planet?',
      options: ['Mars', 'Jupiter', 'Venus'],
      answer: ['B'],
      standingSecond: 30,
    })
    const question = added.body.data
    expect(question).toMatchObject({ simpleOrder: 1, answerState: 0, answer: ['B'] })
    expect((await guest.client.get(`${Q}admin/list?roomId=${roomId}`)).body.data).toEqual([])
    const early = await guest.client.post(`${Q}portal/answer`, {
      roomId,
      questionId: question.questionId,
      answer: ['B'],
    })
    expect(early.body).toMatchObject({ code: 1801, msg: 'the question is closed' })
    const shown = await host.client.post(`${Q}admin/state`, {
      roomId,
      questionId: question.questionId,
      answerState: 1,
    })
    expect(shown.body.data.answerState).toBe(1)
    const announced = await rtm.message(41)
    expect(announced.data).toMatchObject({
      questionId: question.questionId,
      simpleOrder: 1,
      standingSecond: 30,
    })
    const listed = (await guest.client.get(`${Q}admin/list?roomId=${roomId}`)).body.data
    expect(listed).toHaveLength(1)
    expect(listed[0].answer).toEqual([])
    const mine = await guest.client.post(`${Q}portal/answer`, {
      roomId,
      questionId: question.questionId,
      answer: ['B'],
    })
    expect(mine.body.data).toMatchObject({ correct: true, userName: 'Carl', answer: ['B'] })
    const again = await guest.client.post(`${Q}portal/answer`, {
      roomId,
      questionId: question.questionId,
      answer: ['A'],
    })
    expect(again.body.msg).toBe('you have already answered')
    const notAnOption = await host.client.post(`${Q}portal/answer`, {
      roomId,
      questionId: question.questionId,
      answer: ['D'],
    })
    expect(notAnOption.status).toBe(400)
    await host.client.post(`${Q}portal/answer`, {
      roomId,
      questionId: question.questionId,
      answer: ['A'],
    })
    const stats = await host.client.get(`${Q}admin/statistics?questionId=${question.questionId}`)
    expect(stats.body.data).toEqual({
      questionId: question.questionId,
      answered: 2,
      correct: 1,
      byOption: { A: 1, B: 1, C: 0 },
    })
    expect(
      (await guest.client.get(`${Q}admin/statistics?questionId=${question.questionId}`)).body.code,
    ).toBe(1301)
    const all = await host.client.get(`${Q}admin/answer/list?roomId=${roomId}`)
    expect(all.body.data.map((a: any) => a.userName)).toEqual(['Carl', 'Hana'])
    expect(
      (await guest.client.get(`${Q}portal/myAnswerList?roomId=${roomId}`)).body.data,
    ).toHaveLength(1)
    rtm.close()
  })

  it('[API-8] answer export is a CSV download; the template imports back; del removes a question', async () => {
    const { host, guest, roomId } = await meeting(server)
    const template = await host.client.raw('GET', `${Q}template`)
    expect(template.headers.get('content-type')).toContain('text/csv')
    expect(template.headers.get('content-disposition')).toContain('attachment')
    const imported = await host.client.upload(
      `${Q}admin/import`,
      { roomId },
      {
        name: 'questions.csv',
        type: 'text/csv',
        content: template.text + '"Say ""hi""",yes|no,,10\r\n',
      },
    )
    expect(
      imported.body.data.map((q: any) => [q.title, q.options.length, q.answer, q.multiple]),
    ).toEqual([
      ['Which planet is largest?', 3, ['B'], false],
      ['Which are prime numbers?', 4, ['A', 'C'], true],
      ['Say "hi"', 2, [], false],
    ])
    const [first] = imported.body.data
    await host.client.post(`${Q}admin/state`, {
      roomId,
      questionId: first.questionId,
      answerState: 1,
    })
    await guest.client.post(`${Q}portal/answer`, {
      roomId,
      questionId: first.questionId,
      answer: ['B'],
    })
    const csv = await host.client.raw('GET', `${Q}admin/answer/export?roomId=${roomId}`)
    expect(csv.status).toBe(200)
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('order,questionId,userName,userId,answer,correct,answeredAt')
    expect(lines[1]).toContain(`1,${first.questionId},Carl,${guest.me.userId},B,yes,`)
    const refused = await guest.client.raw('GET', `${Q}admin/answer/export?roomId=${roomId}`)
    expect(JSON.parse(refused.text).code).toBe(1301)
    const bad = await host.client.upload(
      `${Q}admin/import`,
      { roomId },
      { name: 'q.csv', type: 'text/csv', content: 'only a title\r\n' },
    )
    expect(bad.status).toBe(400)
    expect(
      (await host.client.post(`${Q}admin/del`, { questionId: first.questionId })).body.code,
    ).toBe(0)
    expect((await host.client.get(`${Q}admin/list?roomId=${roomId}`)).body.data).toHaveLength(2)
    expect(
      (await host.client.post(`${Q}admin/del`, { questionId: first.questionId })).body.code,
    ).toBe(1801)
  })

  it('[API-8] [CMD-41] a multiple choice: shown with its text and options, answered with several labels, its results announced with the correct labels', async () => {
    const { host, guest, roomId } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    const single = await host.client.post(`${Q}admin/add`, {
      roomId,
      title: 'Two right answers in a single choice?',
      options: ['a', 'b'],
      answer: ['A', 'B'],
      multiple: false,
    })
    expect(single.status).toBe(400)
    const question = (
      await host.client.post(`${Q}admin/add`, {
        roomId,
        title: 'Prime numbers?',
        options: ['2', '4', '5'],
        answer: ['C', 'A'],
        multiple: true,
        standingSecond: 20,
      })
    ).body.data
    expect(question).toMatchObject({ multiple: true, answer: ['A', 'C'] })
    const state = (answerState: number) =>
      host.client.post(`${Q}admin/state`, { roomId, questionId: question.questionId, answerState })
    await state(1)
    const shown = (await rtm.message(41)).data
    expect(shown).toMatchObject({
      answerState: 1,
      title: 'Prime numbers?',
      options: ['2', '4', '5'],
      multiple: true,
    })
    expect(shown.answer).toBeUndefined()
    const mine = await guest.client.post(`${Q}portal/answer`, {
      roomId,
      questionId: question.questionId,
      answer: ['C', 'A'],
    })
    expect(mine.body.data).toMatchObject({ answer: ['A', 'C'], correct: true })
    await state(2)
    expect((await rtm.message(41, (m) => m.data.answerState === 2)).data.answer).toBeUndefined()
    await state(3)
    expect((await rtm.message(41, (m) => m.data.answerState === 3)).data.answer).toEqual(['A', 'C'])
    rtm.close()
  })
})
