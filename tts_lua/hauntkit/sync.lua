-- Keeping the table in step with the server. Each table version's instructions (ops)
-- are applied exactly once, in order, whether they arrive in an /actions
-- answer or from polling /events; a version that arrives ahead of the last
-- applied one is fetched by polling instead, and a hole in the numbering
-- (or a `sync` op, e.g. after an undo) lays the whole table out again
-- from /state. The last applied version and op index live in the script
-- state, so a reload resumes where it stopped.
local state = require("hauntkit/state")
local http = require("hauntkit/http")
local ops = require("hauntkit/ops")
local words = require("hauntkit/words")

local M = {}

M.interval = 2        -- seconds between polls while connected
M.limit = 100         -- entries asked for per poll
M.running = false
M.timer = nil
M.busy = false        -- a poll or resync is in flight
M.again = false       -- something asked for a poll while one was in flight
M.resyncs = 0         -- full layouts done (shown in logs, counted by tests)
M.silent = false      -- the next layout is routine (after a reload): no chat line

local function base()
  return state.data.url, "/v1/tables/" .. state.data.table_id
end

-- Apply one version's ops, skipping those already applied before a
-- reload. Broadcasts `messages` only when no op narrated the action.
local function apply_version(version, list, messages)
  local narrated = false
  for _, e in ipairs(list or {}) do
    local seq = tonumber(e.seq) or 0
    if seq > state.data.seq then
      ops.apply(e)
      state.data.seq = seq
    end
    if e.op == "say" then
      narrated = true
    end
  end
  if not narrated and not ops.quiet then
    for _, text in ipairs(messages or {}) do
      broadcastToAll(words.pick(text), {0.9, 0.9, 0.9})
    end
  end
  state.data.version = version
  state.data.seq = -1
end

-- An accepted answer (from /actions or /seats). Returns true when its
-- ops were applied now; otherwise a poll catches up in order.
function M.accept(answer)
  local version = tonumber(answer.version) or 0
  if version <= state.data.version then
    return true                      -- already applied from polling
  end
  if version == state.data.version + 1 then
    apply_version(version, answer.ops, answer.messages)
    return true
  end
  M.poll()
  return false
end

M.want_layout = false -- a resync was asked for while busy

local layout

M.waiters = {}       -- callbacks of polls asked for while busy

local function finish()
  M.busy = false
  local waiting = M.waiters
  M.waiters = {}
  local function release(ok)
    for _, fn in ipairs(waiting) do
      fn(ok)
    end
  end
  if M.want_layout then
    M.want_layout = false
    M.again = false
    M.busy = true
    layout(release)
  elseif M.again then
    M.again = false
    M.poll(release)
  else
    release(true)
  end
end

-- Lays the whole table out from /state; the caller holds `busy`.
layout = function(done)
  M.resyncs = M.resyncs + 1
  if not M.silent then
    broadcastToAll(words.get("resync"), {0.8, 0.8, 0.8})
  end
  M.silent = false
  local url, path = base()
  http.request("GET", url, path .. "/state", nil, state.data.token, function(ok, _, answer, err)
    if ok then
      ops.quiet = true
      local named = {}
      for _, e in ipairs(answer.ops or {}) do
        ops.apply(e)
        if e.op == "spawn" and e.token ~= nil then
          named[e.token] = true
        end
      end
      ops.keep_tokens(named)      -- the layout names every token the table should have
      ops.quiet = false
      state.data.version = tonumber(answer.version) or state.data.version
      state.data.seq = -1
    else
      log("resync failed: " .. tostring(err), "hauntkit")
    end
    finish()
    if done then
      done(ok)
    end
  end)
end

-- True when a pass is already running: `flag` is raised so finish() runs
-- the asked-for pass next, and `done` waits for it.
local function queued(flag, done)
  if not M.busy then
    M.busy = true
    return false
  end
  M[flag] = true
  if done then
    table.insert(M.waiters, done)
  end
  return true
end

function M.resync(done)
  if not queued("want_layout", done) then
    layout(done)
  end
end

-- Entries after the last applied version, in order. A `sync` op or a
-- gap ends the pass with a full resync.
local function take(entries, current)
  for _, entry in ipairs(entries) do
    local version = tonumber(entry.version) or 0
    if version > state.data.version then
      if version ~= state.data.version + 1 then
        return "gap"
      end
      for _, e in ipairs(entry.ops or {}) do
        if e.op == "sync" then
          return "gap"
        end
      end
      apply_version(version, entry.ops, entry.messages)
    end
  end
  if state.data.version < current and #entries >= M.limit then
    return "more"
  end
  if state.data.version < current then
    return "gap"
  end
  return "done"
end

function M.poll(done)
  if state.data.table_id == "" then
    return
  end
  if queued("again", done) then
    return
  end
  local url, path = base()
  local query = "/events?after=" .. string.format("%d", state.data.version) .. "&limit=" .. M.limit
  http.request("GET", url, path .. query, nil, state.data.token, function(ok, _, answer, err)
    if not ok then
      log("poll failed: " .. tostring(err), "hauntkit")
      finish()
      if done then
        done(false)
      end
      return
    end
    local outcome = take(answer.entries or {}, tonumber(answer.version) or 0)
    if outcome == "gap" then
      layout(done)
      return
    end
    if outcome == "more" then
      M.again = true
    end
    finish()
    if done then
      done(true)
    end
  end)
end

-- The `sync` op inside an /actions answer.
ops.register("sync", function()
  M.resync()
end)

function M.start()
  if M.running then
    return
  end
  M.running = true
  M.timer = Wait.time(function()
    M.poll()
  end, M.interval, -1)
end

function M.stop()
  if M.timer ~= nil then
    Wait.stop(M.timer)
  end
  M.timer = nil
  M.running = false
end

return M
