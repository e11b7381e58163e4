import type { boardEn } from './en'

type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> }

/** 白板中文文案（`board` 下），与 en.ts 键一一对应。 */
export const boardZh: Texts<typeof boardEn> = {
  title: '白板',
  loading: '正在加载白板…',
  joinFailed: '白板无法打开：{{reason}}',
  readOnly: '仅可观看：主持人尚未允许你书写',
  locked: '白板已锁定：主持人正在操作',
  following: '主持人正在带领白板：你看到的是主持人的页面，你可以书写',
  unlocked: '白板已解锁',
  tools: {
    label: '白板工具',
    pencil: '铅笔',
    line: '直线',
    arrow: '箭头',
    rectangle: '矩形',
    ellipse: '椭圆',
    text: '文字',
    eraser: '橡皮擦',
    selector: '选择',
    laser: '激光笔',
    clear: '清空本页',
    undo: '撤销',
    redo: '重做',
  },
  pages: {
    label: '页面',
    previous: '上一页',
    next: '下一页',
    add: '添加页面',
    position: '第 {{page}} 页，共 {{total}} 页',
  },
  follow: {
    broadcast: '主导视角',
    stop: '停止主导',
    leading: '其他人正在跟随你的视角',
  },
  documents: {
    title: '文档中心',
    open: '文档',
    upload: '上传 PDF、图片或 PowerPoint',
    uploading: '正在上传 {{name}}：{{percent}}%',
    converting: '正在转换 {{name}}：{{percent}}%',
    show: '在白板上显示',
    empty: '暂无文档',
    pages: '{{count}} 页',
    status: {
      uploaded: '已上传',
      converting: '转换中',
      ready: '就绪',
      failed: '失败',
    },
    uploadSucceeded: '上传并转换成功',
    uploadFailed: '上传或转换失败：{{reason}}',
    noLibreOffice: '转换 PowerPoint 需要服务器安装 LibreOffice，目前未安装',
    unsupported: '不支持的文件类型：请上传 PDF、图片或 PowerPoint',
    writersOnly: '只有被允许书写的人可以上传文档',
    close: '关闭',
  },
}
