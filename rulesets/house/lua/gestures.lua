-- Gestures → actions. Object scripts report what a player did (see
-- objects/wire.lua); this turns a figure dropped on a room into `move` and
-- one dropped on the empty cell beyond its room into `discover`. Cards have
-- no script of their own: Global's drop events bring them here, and a card
-- dropped on a room becomes `drop`, one dropped into another player's hand
-- `give`. The server decides: after its answer the piece stands where the
-- server's instructions put it, or back where it was picked up. Offline nothing
-- is sent and the table stays a sandbox.
local util = require("hauntkit/util")
local client = require("hauntkit/client")
local ops = require("hauntkit/ops")
local words = require("hauntkit/words")

local M = {}

M.origins = {}   -- piece GUID → where it was picked up
M.handled = 0    -- gestures turned into actions (diagnostics, tests)

-- The room tile on the table whose square holds `pos` (ignoring height).
function M.room_at(pos)
  local best, best_d = nil, nil
  for _, tile in ipairs(getObjectsWithTag("room")) do
    local p = tile.getPosition()
    local half = tile.getScale().x      -- a Custom_Tile is 2 units at scale 1
    local dx, dz = math.abs(pos.x - p.x), math.abs(pos.z - p.z)
    if dx <= half and dz <= half then
      local d = dx + dz
      if best_d == nil or d < best_d then
        best, best_d = tile, d
      end
    end
  end
  return best
end

-- The side (N/E/S/W, north = +Z) of `tile` whose neighbouring cell holds
-- `pos`, or nil when `pos` is not one cell away.
function M.side_towards(tile, pos)
  local p = tile.getPosition()
  local pitch = 2 * tile.getScale().x
  local dx, dz = pos.x - p.x, pos.z - p.z
  local ax, az = math.abs(dx), math.abs(dz)
  local along, across = math.max(ax, az), math.min(ax, az)
  if along < 0.5 * pitch or along > 1.5 * pitch or across > 0.5 * pitch then
    return nil
  end
  if az >= ax then
    return dz > 0 and "N" or "S"
  end
  return dx > 0 and "E" or "W"
end

local function moved_by(answer, guid)
  for _, e in ipairs((answer and answer.ops) or {}) do
    if (e.op == "move_card" or e.op == "move") and ops.guid_of(e) == guid then
      return true
    end
  end
  return false
end

-- Send the action; afterwards the piece stays only where the server put it.
local function decide(obj, player, action, args, origin)
  local guid = obj.getGUID()
  M.handled = M.handled + 1
  client.act(action, player, args, function(ok, answer)
    if (not ok or not moved_by(answer, guid)) and origin ~= nil then
      obj.setPositionSmooth(origin)
    end
  end)
end

-- Where the piece was picked up (forgotten once asked: one drop per pickup).
local function origin_of(obj)
  local guid = obj.getGUID()
  local origin = M.origins[guid]
  M.origins[guid] = nil
  return origin
end

-- A card dropped on a room is `drop`, one dropped in another player's hand
-- `give`; anywhere else (bare table) it goes back where it was taken from,
-- since the server still has it where it was. Back in the player's own
-- hand it simply stays.
local function card_dropped(obj, player)
  local origin = origin_of(obj)
  local _, card = util.card_of(obj)
  if card == nil or not client.online then
    return
  end
  local pos = obj.getPosition()
  if M.room_at(pos) ~= nil then
    decide(obj, player, "drop", {cards = {card}}, origin)
    return
  end
  for _, color in ipairs(getSeatedPlayers()) do
    if color ~= player and util.in_hand_zone(color, pos) then
      decide(obj, player, "give", {card = card, to = color}, origin)
      return
    end
  end
  if origin ~= nil and not util.in_hand_zone(player, pos) then
    obj.setPositionSmooth(origin)
  end
end

local function remember(obj)
  local p = obj.getPosition()
  M.origins[obj.getGUID()] = {x = p.x, y = p.y, z = p.z}
end

local function figure_dropped(obj, player)
  local origin = origin_of(obj)
  if not client.online then
    return                                -- sandbox: the drop stands
  end
  local pos = obj.getPosition()
  local target = M.room_at(pos)
  local from = origin and M.room_at(origin) or nil
  if target ~= nil and target ~= from then
    -- However far: the server walks a cheapest path there, or says why not.
    decide(obj, player, "move", {to = util.content_id(target, "room")}, origin)
    return
  end
  local side = target == nil and from ~= nil and M.side_towards(from, pos) or nil
  if side then
    decide(obj, player, "discover", {side = side}, origin)
    return
  end
  if target == nil then
    broadcastToColor(words.get("not_in_room"), player, {1, 0.7, 0.4})
  end
  if origin ~= nil then
    obj.setPositionSmooth(origin)
  end
end

-- A monster token (spawned by the server's instructions) dropped on a room:
-- the traitor's seat moves that monster.
local function monster_dropped(obj, player)
  local origin = origin_of(obj)
  local monster = util.content_id(obj, "token")
  local target = M.room_at(obj.getPosition())
  if not client.online or monster == nil then
    return
  end
  if target == nil then
    if origin ~= nil then
      obj.setPositionSmooth(origin)
    end
    return
  end
  decide(obj, player, "monster_move", {monster = monster, to = util.content_id(target, "room")}, origin)
end

-- Dice are the server's: a die rolled or thrown by hand goes back to the
-- place and face the server showed once it has come to rest (physics would
-- undo a face set while it still tumbles), and the player is told who rolls.
local function server_rolls(obj, player, origin)
  if not client.online then
    return                               -- sandbox: hand rolls are the game
  end
  broadcastToColor(words.get("server_rolls"), player, {1, 0.7, 0.4})
  local function put_back()
    if origin ~= nil then
      obj.setPositionSmooth(origin)
    end
    ops.restore_die(obj.getGUID())
  end
  Wait.condition(put_back, function() return obj.resting ~= false end, 10, put_back)
end

local function die_dropped(obj, player)
  server_rolls(obj, player, origin_of(obj))
end

local function die_rolled(obj, player)
  server_rolls(obj, player, nil)
end

local handlers = {
  figure = {pickup = remember, drop = figure_dropped},
  card = {pickup = remember, drop = card_dropped},
  monster = {pickup = remember, drop = monster_dropped},
  die = {pickup = remember, drop = die_dropped, roll = die_rolled},
}

-- Called by Global's hk_gesture with {kind, guid, player, role}.
function M.record(params)
  if type(params) ~= "table" then
    return false
  end
  local by_role = handlers[params.role]
  local fn = by_role and by_role[params.kind]
  if fn == nil then
    return false
  end
  local obj = util.find(params.guid)
  if obj == nil then
    return false
  end
  fn(obj, params.player)
  return true
end

return M
