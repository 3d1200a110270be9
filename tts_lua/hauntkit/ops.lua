-- The table-instruction applier: carries out the server's ops (the shared
-- vocabulary of docs/PROTOCOL.md, "Table instructions") without deciding
-- anything, for any game. Every GUID, position and rotation comes in the
-- op; an unknown op is skipped with a warning so an older save keeps
-- working with a newer server. Handlers that need the network (ask, sync)
-- are registered by the modules that own it, which keeps this module free
-- of require cycles.
local util = require("hauntkit/util")
local words = require("hauntkit/words")
local tokens = require("hauntkit/tokens")
local state = require("hauntkit/state")

local M = {}

M.handlers = {}
M.pieces = {}    -- object GUID → the piece id the server last moved it as
M.turn = nil     -- seat whose turn the server last marked
M.turn_color = nil -- the TTS colour last given the turn (the server's turn may be no colour)
M.quiet = false  -- true while laying out a resync: no chat, no dialogs

local function warn(text)
  log(text, "hauntkit")
end

function M.register(op, fn)
  M.handlers[op] = fn
end

local function face_up(rot_y)
  return {x = 0, y = tonumber(rot_y) or 0, z = 0}
end

-- The GUID an op names: its own, or the object spawned for its token.
function M.guid_of(e)
  if e.guid ~= nil and e.guid ~= "" then
    return e.guid
  end
  return tokens.guid(e.token)
end

-- A card by GUID wherever it is: loose on the table, or inside a deck or
-- bag (then taken out to `pos`). `fallback` is a deck to take the top card
-- from when the card is nowhere to be found.
local function fetch_card(guid, pos, rot, fallback, done)
  local loose = util.find(guid)
  if loose ~= nil then
    loose.setRotationSmooth(rot)
    loose.setPositionSmooth(pos)
    done(loose)
    return
  end
  local params = {position = pos, rotation = rot, smooth = true, callback_function = done}
  for _, holder in ipairs(getObjectsWithTag("deck")) do
    for _, entry in ipairs(holder.getObjects()) do
      if entry.guid == guid then
        params.guid = guid
        holder.takeObject(params)
        return
      end
    end
  end
  if fallback ~= nil then
    params.top = true
    fallback.takeObject(params)
    return
  end
  warn("card " .. tostring(guid) .. " not found")
end

local function hand_of(seat)
  local player = Player[seat]
  if player == nil then
    return nil
  end
  local ok, hand = pcall(player.getHandTransform, 1)
  if ok and hand ~= nil then
    return hand
  end
  return nil
end

local function to_hand(guid, seat, fallback)
  local hand = hand_of(seat)
  if hand == nil then
    warn("no hand zone for " .. tostring(seat))
    return
  end
  fetch_card(guid, util.vec(hand.position), face_up(hand.rotation.y), fallback, function() end)
end

-- A placed piece with `lock` stays put: locked against physics and, since
-- in TTS a locked object can still be picked up (and, Sticky, carries what
-- stands on it), not interactable either.
local function fix(obj, lock)
  obj.setLock(lock)
  obj.interactable = not lock
end

M.handlers.place = function(e)
  local pos = util.vec(e.position)
  if pos == nil then
    warn("place " .. tostring(e.piece) .. " without a position")
    return
  end
  local rot = face_up(e.rot_y)
  local lock = e.lock ~= false
  local obj = util.find(e.guid)
  if obj ~= nil then
    fix(obj, lock)
    obj.setRotationSmooth(rot)
    obj.setPositionSmooth(pos)
    return
  end
  local bag = util.find(e.bag)
  if bag == nil then
    warn("place " .. tostring(e.piece) .. ": neither the piece nor its bag is on the table")
    return
  end
  bag.takeObject({guid = e.guid, position = pos, rotation = rot, smooth = false,
                  callback_function = function(o) fix(o, lock) end})
end

M.handlers.move = function(e)
  if tokens.wait(e) then
    return
  end
  local obj = tokens.object_of(e)
  local pos = util.vec(e.position)
  if obj == nil or pos == nil then
    warn("move: no object or position for " .. tostring(e.piece))
    return
  end
  M.pieces[obj.getGUID()] = e.piece
  obj.setPositionSmooth(pos)
end

M.handlers.deal = function(e)
  to_hand(e.guid, e.seat, util.find(e.deck_guid))
end

M.handlers.move_card = function(e)
  local to = e.to or {}
  if to.seat ~= nil then
    to_hand(e.guid, to.seat, nil)
    return
  end
  local pos = util.vec(to.position)
  if pos == nil then
    warn("move_card " .. tostring(e.card) .. " without a destination")
    return
  end
  pos.y = pos.y + 0.4
  -- Face up (or down, turned over) and upright to the south seats unless
  -- the op gives its own rotation (a card laid before a north seat).
  local rot = {x = 0, y = tonumber(to.rot_y) or util.UPRIGHT_ROT_Y, z = to.face_up == false and 180 or 0}
  fetch_card(e.guid, pos, rot, nil, function() end)
end

M.handlers.set_clip = function(e)
  local board, clip = util.find(e.board), util.find(e.guid)
  if board == nil or clip == nil or type(e.offset) ~= "table" then
    warn("clip " .. tostring(e.piece) .. " or its board is missing")
    return
  end
  clip.setPositionSmooth(util.on_board(board, e.offset, 0.3))
end

M.handlers.set_counter = function(e)
  local counter = util.find(e.guid)
  if counter ~= nil then
    counter.setValue(tonumber(e.value) or 0)
  end
end

M.handlers.show_dice = function(e)
  local tray = util.vec(e.tray)
  for i, guid in ipairs(e.dice or {}) do
    local die = util.find(guid)
    local value = (e.values or {})[i]
    if die ~= nil and value ~= nil then
      if tray ~= nil then
        die.setPositionSmooth({x = tray.x + (i - 1) * 1.3, y = tray.y + 0.5, z = tray.z})
      end
      local face = tostring(math.floor(tonumber(value) or 0))
      state.data.faces[guid] = face      -- kept in the script state: a reload still knows it
      die.setRotationValue(face)
    end
  end
end

-- A die a player rolled by hand goes back to the face the server showed on
-- it (false when the server has shown none on it yet).
function M.restore_die(guid)
  local die, face = util.find(guid), state.data.faces[guid]
  if die == nil or face == nil then
    return false
  end
  die.setRotationValue(face)
  return true
end

-- The server passes the turn: TTS's own turn passing stays off, and TTS
-- only marks whose turn the server says it is.
M.handlers.mark_turn = function(e)
  M.turn = e.seat
  if e.seat ~= nil and Player[e.seat] ~= nil then
    M.turn_color = e.seat
    Turns.enable = true
    Turns.pass_turns = false
    Turns.turn_color = e.seat
  end
end

M.handlers.say = function(e)
  if M.quiet then
    return
  end
  local text = words.pick(e.text)
  if text == "" then
    return
  end
  if type(e.to) == "table" and #e.to > 0 then
    for _, seat in ipairs(e.to) do
      broadcastToColor(text, seat, util.tint(e.color))
    end
  else
    broadcastToAll(text, util.tint(e.color))
  end
end

M.handlers.spawn = tokens.spawn
M.handlers.flip = tokens.flip
M.handlers.remove = tokens.remove

-- The server's text is the whole sentence ("Game over: the heroes win.");
-- without one the table still says the game is over.
M.handlers.game_over = function(e)
  if not M.quiet then
    local text = words.pick(e.text)
    broadcastToAll(text ~= "" and text or words.get("game_over"), {1, 0.85, 0.4})
  end
end

-- One op; false when it is unknown (skipped with a warning).
function M.apply(e)
  local fn = M.handlers[e.op]
  if fn == nil then
    warn("unknown op " .. tostring(e.op) .. ", skipped")
    return false
  end
  local ok, err = pcall(fn, e)
  if not ok then
    warn("op " .. tostring(e.op) .. " failed: " .. tostring(err))
  end
  return ok
end

tokens.apply = M.apply      -- ops that waited for a token to spawn
M.token_object = tokens.object
M.keep_tokens = tokens.keep

return M
