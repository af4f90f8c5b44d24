// Two token buckets (the account's and the account-and-endpoint's) checked and charged in one
// atomic step, so every worker process shares them exactly. Tokens may go negative: a caller
// willing to wait reserves the next free slot and is told how long to sleep, which spaces
// concurrent callers evenly instead of letting them all retry at once. A caller that will not
// wait that long takes nothing and learns when a token will be there.
//
// A lower-priority caller (a backfill page) passes a reserve per bucket: it takes a token only
// while the bucket would still hold that many after it, and it never reserves ahead (its caller
// asks with a wait of 0 and retries), so incremental work always finds the reserve there and
// never queues behind backfill reservations.
//
// KEYS[1] account bucket, KEYS[2] endpoint bucket (one hash tag, so Redis Cluster keeps them in
// one slot). ARGV: account rate/s, account capacity, endpoint rate/s, endpoint capacity,
// longest acceptable wait in ms, account reserve, endpoint reserve (tokens; 0 for incremental
// work). Returns { granted (0|1), wait ms }.
// Time comes from Redis, not from the callers, whose clocks differ.
export const tokenBucketScript = `
local now_parts = redis.call('TIME')
local now = tonumber(now_parts[1]) * 1000 + math.floor(tonumber(now_parts[2]) / 1000)
local max_wait = tonumber(ARGV[5])

local function level(key, rate, capacity)
  local state = redis.call('HMGET', key, 'tokens', 'ts')
  local tokens = tonumber(state[1])
  local ts = tonumber(state[2])
  if tokens == nil or ts == nil then
    return capacity
  end
  local elapsed = math.max(0, now - ts)
  return math.min(capacity, tokens + elapsed * rate / 1000)
end

local rate_a, cap_a = tonumber(ARGV[1]), tonumber(ARGV[2])
local rate_e, cap_e = tonumber(ARGV[3]), tonumber(ARGV[4])
local need_a = 1 + tonumber(ARGV[6] or '0')
local need_e = 1 + tonumber(ARGV[7] or '0')
local a = level(KEYS[1], rate_a, cap_a)
local e = level(KEYS[2], rate_e, cap_e)

local wait_a = 0
if a < need_a then wait_a = (need_a - a) * 1000 / rate_a end
local wait_e = 0
if e < need_e then wait_e = (need_e - e) * 1000 / rate_e end
local wait = math.ceil(math.max(wait_a, wait_e))

if wait > max_wait then
  return { 0, wait }
end

local function store(key, tokens, rate, capacity)
  redis.call('HSET', key, 'tokens', tostring(tokens), 'ts', tostring(now))
  -- an idle bucket is full again after capacity/rate seconds; keep it a little longer
  redis.call('PEXPIRE', key, math.ceil(capacity * 1000 / rate) + 60000)
end
store(KEYS[1], a - 1, rate_a, cap_a)
store(KEYS[2], e - 1, rate_e, cap_e)
return { 1, wait }
`;
