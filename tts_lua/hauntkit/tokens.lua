-- Tokens the server spawns (a game's creatures, markers): the `spawn`, `flip` and
-- `remove` ops, and which object stands for which token id. The map lives
-- in the script state, so a reload or a rewind finds the tokens spawned
-- before; a token whose map entry is lost is found by the GMNotes it
-- carries. TTS gives a spawned object its right GUID only once `spawning`
-- is false, so the GUID is taken in the spawn callback and ops for a token
-- still spawning wait for it.
local util = require("hauntkit/util")
local words = require("hauntkit/words")
local state = require("hauntkit/state")

local M = {}

M.spawning = {}    -- token id → the ops that came while its object was spawning
M.apply = nil      -- set by hauntkit/ops: applies a waiting op

local function map()
  return state.data.tokens
end

local function notes(id)
  return "token:" .. tostring(id)
end

function M.guid(id)
  if id == nil then
    return nil
  end
  return map()[id]
end

function M.object(id)
  if id == nil then
    return nil
  end
  local obj = util.find(map()[id])
  if obj ~= nil then
    return obj
  end
  for _, o in ipairs(getObjectsWithTag("token")) do
    if o.getGMNotes() == notes(id) then
      map()[id] = o.getGUID()
      return o
    end
  end
  return nil
end

-- The object an op names: by its GUID, else the one spawned for its token.
function M.object_of(e)
  if e.guid ~= nil and e.guid ~= "" then
    return util.find(e.guid)
  end
  return M.object(e.token)
end

-- True when `e` concerns a token still spawning: it is kept for later.
function M.wait(e)
  local queue = e.token ~= nil and M.spawning[e.token] or nil
  if queue == nil then
    return false
  end
  table.insert(queue, e)
  return true
end

local function spawned(e, o)
  map()[e.token] = o.getGUID()
  o.setName(words.pick(e.name))
  o.setGMNotes(notes(e.token))
  o.addTag("hauntkit")
  o.addTag("token")
  o.addTag(tostring(e.kind or "token"))
  if e.color ~= nil then
    o.setColorTint(util.tint(e.color))
  end
  local later = M.spawning[e.token] or {}
  M.spawning[e.token] = nil
  for _, op in ipairs(later) do
    M.apply(op)
  end
end

-- A token the table already has is moved, not spawned twice (a layout
-- names every token again).
function M.spawn(e)
  if M.wait(e) then
    return
  end
  local pos = util.vec(e.position)
  local known = M.object(e.token)
  if known ~= nil then
    if pos ~= nil then
      known.setPositionSmooth(pos)
    end
    return
  end
  if pos == nil then
    log("spawn " .. tostring(e.token) .. " without a position", "hauntkit")
    return
  end
  M.spawning[e.token] = {}
  spawnObject({type = "PlayerPawn", position = pos, callback_function = function(o) spawned(e, o) end})
end

-- Run `fn` on the object an op names, unless it waits for its spawn.
local function on_object(e, fn)
  if M.wait(e) then
    return false
  end
  local obj = M.object_of(e)
  if obj ~= nil then
    fn(obj)
  end
  return true
end

function M.flip(e)
  on_object(e, function(obj) obj.setRotationSmooth({x = 0, y = 0, z = e.face_up and 0 or 180}) end)
end

function M.remove(e)
  if on_object(e, function(obj) obj.destruct() end) and e.token ~= nil then
    map()[e.token] = nil
  end
end

-- After a full layout: the tokens it named (id → true) are all the table
-- should have; an undo or a rewind may have left others behind.
function M.keep(named)
  for _, o in ipairs(getObjectsWithTag("token")) do
    local id = string.match(o.getGMNotes() or "", "^token:(.+)$")
    if id ~= nil and o.hasTag("hauntkit") and not named[id] then
      o.destruct()
    end
  end
  for id in pairs(map()) do
    if not named[id] then
      map()[id] = nil
    end
  end
end

return M
