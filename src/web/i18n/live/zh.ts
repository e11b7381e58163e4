/** 直播与云录制文案（中文）。 */
export const liveZh = {
  live: {
    label: '直播',
    states: {
      ready: '直播尚未开始',
      living: '直播中',
      paused: '直播已暂停',
      ended: '直播已结束',
    },
    loading: '正在连接直播…',
    retrying: '直播流中断，正在重新连接…',
    unsupported: '此浏览器无法播放直播',
    tapForSound: '点击开启声音',
    goLive: '开始直播',
    pause: '暂停直播',
    resume: '继续直播',
    endLive: '结束直播',
    startRecording: '开始录制',
    stopRecording: '停止录制',
    recordingOn: '录制中',
    unavailable: '直播和录制不可用：{{why}}',
  },
}
