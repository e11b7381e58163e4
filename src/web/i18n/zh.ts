import { boardZh } from '../board/i18n/zh'
import type { en } from './en'

type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> }

/** 中文文案，与 en.ts 键一一对应。 */
export const zh: Texts<typeof en> = {
  app: { name: 'roomcast', loading: '加载中…', chunkFailed: '页面加载失败。', retry: '重试' },
  home: {
    title: '加入会议',
    roomName: '房间名称',
    userName: '你的名字',
    roomType: '房间类型',
    role: '角色',
    password: '密码',
    join: '加入',
    joining: '正在加入…',
    roomTypes: { oneToOne: '一对一课堂', smallClass: '小班课', lectureHall: '大班课' },
    roles: { host: '主持人', conferee: '参会者' },
    hint: '第一个输入房间名的主持人会用此密码创建房间；其他人用同一密码进入。',
  },
  errors: {
    empty: {
      roomName: '请输入房间名称',
      userName: '请输入你的名字',
      password: '请输入房间密码',
      role: '请选择角色',
    },
    nameTooLong: '名字太长（最多 20 个字符）',
    noRoom: '房间不存在',
    wrongPassword: '房间密码错误',
    hostExists: '老师已存在（请等待 30 秒或重新打开）',
    confereesFull: '学生人数已满（请等待 30 秒或重新加入）',
    roomFull: '老师和学生人数均已满',
    joinFailed: '加入房间失败：{{reason}}',
    messagingFailed: '加入消息频道失败',
    requestFailed: '请求失败',
  },
  meeting: {
    title: '直播会议',
    members: '成员',
    online: '{{count}} 人在线',
    chat: '聊天',
    chatPlaceholder: '说点什么',
    send: '发送',
    noMessages: '还没有消息',
    leave: '离开会议',
    exportLog: '导出会话日志',
    you: '我',
    roles: { 1: '主持人', 2: '参会者', 3: '观众', 4: '投屏' },
    offline: '离线',
    connecting: '正在连接房间…',
    notInRoom: '你不在房间中。',
    backHome: '返回首页',
  },
  language: { label: '语言', zh: '中文', en: 'English' },
  board: boardZh,
}
