/**
 * The Redis side of the shared realtime state, as Lua scripts so each change is one atomic step.
 * Keys under the prefix p:
 * - `p m:<channel>`  sorted set: uid → when it joined (the member list, first joined first);
 * - `p mo:<channel>` hash: uid → the process holding its session in the channel;
 * - `p a:<channel>`  hash: the channel's attributes (gone with its last member);
 * - `p on`           hash: uid → the process it is logged in on;
 * - `p held:<proc>`  set: what a process wrote ("m\n<channel>\n<uid>", "on\n<uid>"), so that what
 *                    a process that died held is taken back;
 * - `p procs`        sorted set: process → its last heartbeat.
 * A process removes an entry only while it is still the one holding it: a uid that moved to
 * another process (a remote login) keeps the new process's entries.
 */

/** KEYS m, mo, held; ARGV uid, proc, now, channel */
export const JOIN = `
redis.call('zadd', KEYS[1], ARGV[3], ARGV[1])
redis.call('hset', KEYS[2], ARGV[1], ARGV[2])
redis.call('sadd', KEYS[3], 'm\\n' .. ARGV[4] .. '\\n' .. ARGV[1])
return 1`

/** KEYS m, mo, held, a; ARGV uid, proc, channel */
export const LEAVE = `
redis.call('srem', KEYS[3], 'm\\n' .. ARGV[3] .. '\\n' .. ARGV[1])
if redis.call('hget', KEYS[2], ARGV[1]) == ARGV[2] then
  redis.call('hdel', KEYS[2], ARGV[1])
  redis.call('zrem', KEYS[1], ARGV[1])
  if redis.call('zcard', KEYS[1]) == 0 then redis.call('del', KEYS[4]) end
end
return 1`

/** KEYS on, held; ARGV uid, proc */
export const LOGIN = `
redis.call('hset', KEYS[1], ARGV[1], ARGV[2])
redis.call('sadd', KEYS[2], 'on\\n' .. ARGV[1])
return 1`

/** KEYS on, held; ARGV uid, proc */
export const LOGOUT = `
redis.call('srem', KEYS[2], 'on\\n' .. ARGV[1])
if redis.call('hget', KEYS[1], ARGV[1]) == ARGV[2] then redis.call('hdel', KEYS[1], ARGV[1]) end
return 1`

/**
 * Takes back what a process that stopped beating held. KEYS procs, held; ARGV prefix, proc,
 * cutoff. Answers the channels whose members changed (their counts are due).
 */
export const REAP = `
local beat = redis.call('zscore', KEYS[1], ARGV[2])
if beat and tonumber(beat) > tonumber(ARGV[3]) then return {} end
local touched = {}
for _, e in ipairs(redis.call('smembers', KEYS[2])) do
  local a = string.find(e, '\\n', 1, true)
  local kind = string.sub(e, 1, a - 1)
  if kind == 'on' then
    local uid = string.sub(e, a + 1)
    local on = ARGV[1] .. 'on'
    if redis.call('hget', on, uid) == ARGV[2] then redis.call('hdel', on, uid) end
  else
    local b = string.find(e, '\\n', a + 1, true)
    local channel = string.sub(e, a + 1, b - 1)
    local uid = string.sub(e, b + 1)
    local mo = ARGV[1] .. 'mo:' .. channel
    if redis.call('hget', mo, uid) == ARGV[2] then
      redis.call('hdel', mo, uid)
      redis.call('zrem', ARGV[1] .. 'm:' .. channel, uid)
      if redis.call('zcard', ARGV[1] .. 'm:' .. channel) == 0 then
        redis.call('del', ARGV[1] .. 'a:' .. channel)
      end
      table.insert(touched, channel)
    end
  end
end
redis.call('del', KEYS[2])
redis.call('zrem', KEYS[1], ARGV[2])
return touched`

/** KEYS a; ARGV replace (0|1), then pairs to set, then '' and keys to remove. */
export const ATTRIBUTES = `
if ARGV[1] == '1' then redis.call('del', KEYS[1]) end
local i = 2
while i <= #ARGV and ARGV[i] ~= '' do
  redis.call('hset', KEYS[1], ARGV[i], ARGV[i + 1])
  i = i + 2
end
i = i + 1
while i <= #ARGV do
  redis.call('hdel', KEYS[1], ARGV[i])
  i = i + 1
end
return redis.call('hgetall', KEYS[1])`
