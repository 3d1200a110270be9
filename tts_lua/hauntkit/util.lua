-- Small helpers shared by the play loop: positions, GUID lookups and the
-- board-frame turn. Geometry only; nothing here knows a game rule.
local M = {}

-- rotY at which TTS shows a custom image or board upright to the south (White)
-- seat; the board frame of the tts section equals the world frame there.
M.UPRIGHT_ROT_Y = 180

function M.vec(p)
  if type(p) ~= "table" then
    return nil
  end
  return {x = tonumber(p.x) or 0, y = tonumber(p.y) or 0, z = tonumber(p.z) or 0}
end

-- The object with this GUID, or nil. Ops carry null GUIDs when the
-- content has no tts section yet, so nil and "" are asked about too.
function M.find(guid)
  if guid == nil or guid == "" then
    return nil
  end
  return getObjectFromGUID(guid)
end

-- An offset {x, z} in a board's own frame → a world position over the board,
-- whatever way a player has turned it.
function M.on_board(board, offset, lift)
  local p = board.getPosition()
  local r = board.getRotation()
  local a = math.rad(((tonumber(r.y) or 0) - M.UPRIGHT_ROT_Y) % 360)
  local x, z = tonumber(offset.x) or 0, tonumber(offset.z) or 0
  return {
    x = p.x + x * math.cos(a) + z * math.sin(a),
    y = p.y + (lift or 0.3),
    z = p.z - x * math.sin(a) + z * math.cos(a),
  }
end

-- A colour name from the server ("Red", "#c0392b") → a TTS colour.
function M.tint(color)
  if type(color) == "string" and Color ~= nil and Color.fromString ~= nil then
    local ok, value = pcall(Color.fromString, color)
    if ok then
      return value
    end
  end
  return {0.95, 0.9, 0.8}
end

-- "card:lantern" → "lantern" (the pipeline writes `<kind>:<id>` into GMNotes).
function M.content_id(obj, kind)
  local notes = obj.getGMNotes and obj.getGMNotes() or ""
  local prefix = kind .. ":"
  if string.sub(notes, 1, #prefix) == prefix then
    return string.sub(notes, #prefix + 1)
  end
  return nil
end

-- "item:brandy_flask" → "item", "brandy_flask" (cards carry `<deck>:<id>`).
function M.card_of(obj)
  local notes = obj.getGMNotes and obj.getGMNotes() or ""
  local deck, id = string.match(notes, "^(%a+):(.+)$")
  return deck, id
end

-- Did the server's answer move the object `guid` (a card dealt or moved,
-- a piece placed or moved)? A gesture's piece the answer leaves alone goes
-- back where it was picked up.
local MOVES = {move_card = true, deal = true, move = true, place = true}
function M.moved_by(answer, guid)
  for _, e in ipairs((answer and answer.ops) or {}) do
    if MOVES[e.op] and e.guid == guid then
      return true
    end
  end
  return false
end

-- Does `pos` lie inside `color`'s hand zone?
function M.in_hand_zone(color, pos)
  local player = Player[color]
  if player == nil then
    return false
  end
  local ok, hand = pcall(player.getHandTransform, 1)
  if not ok or hand == nil then
    return false
  end
  local p, size = hand.position, hand.scale
  return math.abs(pos.x - p.x) <= size.x / 2 and math.abs(pos.z - p.z) <= size.z / 2
end

return M
