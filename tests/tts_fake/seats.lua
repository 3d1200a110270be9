-- The seated side of the TTS fake: players and their hand zones, options
-- dialogs, object buttons and spawned objects, built on api.lua's core.
local host, api, driver, core = ...
local objects, order, record, vec = core.objects, core.order, core.record, core.vec
local schedule, make_object, register, envs = core.schedule, core.make_object, core.register, core.envs

-- Hand zones: the save's HandTrigger objects (owner in FogColor, size in
-- the scale), else one default box per colour along the table's edges.
local HAND_X = {White = 0, Brown = -12, Red = -24, Orange = 12, Yellow = 24,
                Green = -24, Teal = -12, Blue = 0, Purple = 12, Pink = 24}
local function hand_transform(color)
  for _, g in ipairs(order) do
    local data = objects[g].getData()
    if data.Name == "HandTrigger" and data.FogColor == color then
      local t = data.Transform
      return {position = vec(t.posX, t.posY, t.posZ), rotation = vec(t.rotX, t.rotY, t.rotZ),
              scale = vec(t.scaleX, t.scaleY, t.scaleZ)}
    end
  end
  local far = ({Green = true, Teal = true, Blue = true, Purple = true, Pink = true})[color]
  return {position = vec(HAND_X[color] or 0, 3, far and 34 or -34),
          rotation = vec(0, far and 0 or 180, 0), scale = vec(11, 6, 4)}
end
api.hand_transform = hand_transform

local function in_hand(color, obj)
  local h = hand_transform(color)
  local p = obj.getPosition()
  return math.abs(p.x - h.position.x) <= h.scale.x / 2 and math.abs(p.z - h.position.z) <= h.scale.z / 2
end

local dialogs = {}     -- open options dialogs, oldest first

api.Player = setmetatable({}, {__index = function(t, color)
  local p = {color = color, seated = true, steam_name = color .. " player", host = color == "White"}
  function p.broadcast(msg) record("broadcast", {to = color, text = tostring(msg)}) end
  function p.print(msg) record("print", {to = color, text = tostring(msg)}) end
  function p.getHandTransform() return hand_transform(color) end
  function p.getHandObjects()
    local out = {}
    for _, g in ipairs(order) do
      local o = objects[g]
      if o.getData().Hands and in_hand(color, o) then table.insert(out, o) end
    end
    for _, extra in ipairs(host.hand(color)) do table.insert(out, extra) end
    return out
  end
  function p.showOptionsDialog(text, options, _, callback)
    for i = #dialogs, 1, -1 do        -- a player sees one dialog at a time: the new one replaces it
      if dialogs[i].color == color then table.remove(dialogs, i) end
    end
    table.insert(dialogs, {color = color, text = tostring(text), options = options, callback = callback})
    record("dialog", {to = color, text = tostring(text), options = options})
    return true
  end
  rawset(t, color, p)
  return p
end})
-- Turns: the save's settings; a change of turn_color (by a script or a
-- player passing the turn) calls Global's onPlayerTurn on the next frame.
local turns = {enable = false, turn_color = "", order = {}, pass_turns = true, type = 1}
local function turn_changed(now, before)
  schedule(function()
    local env = envs["-1"]
    if env ~= nil and type(env.onPlayerTurn) == "function" then
      env.onPlayerTurn(api.Player[now], before ~= "" and api.Player[before] or nil)
    end
  end, nil, 1, 1)
end
api.Turns = setmetatable({}, {
  __index = turns,
  __newindex = function(_, key, value)
    local before = turns.turn_color
    turns[key] = value
    if key == "turn_color" and value ~= before and turns.enable then
      record("turn", {color = value, before = before})
      turn_changed(value, before)
    end
  end,
})

function driver.set_turns(enable, pass_turns, color)
  turns.enable, turns.pass_turns, turns.turn_color = enable == true, pass_turns ~= false, color or ""
end

-- A player uses TTS's own turn passing: only the player whose turn it is
-- (or the host, who may always set the turn), and only with pass_turns on
-- for anyone but the host. True when the turn moved.
function driver.pass_turn(color)
  local player = api.Player[color]
  if not turns.enable or (not player.host and (turns.turn_color ~= color or not turns.pass_turns)) then
    record("turn_refused", {color = color})
    return false
  end
  local seats = #turns.order > 0 and turns.order or host.seated()
  local at = 0
  for i, c in ipairs(seats) do if c == turns.turn_color then at = i end end
  api.Turns.turn_color = seats[at % #seats + 1]
  return true
end

-- spawnObject hands the object back at once, but (as the API says) its GUID
-- is only right once `spawning` is false: until then getGUID() gives a
-- placeholder that getObjectFromGUID does not know. The callback runs once
-- it has spawned, a frame later.
local spawned = 0
function api.spawnObject(params)
  spawned = spawned + 1
  while objects[string.format("f%05x", spawned)] ~= nil do   -- TTS never hands out a GUID in use
    spawned = spawned + 1
  end
  local p = vec(params.position or {})
  local r = vec(params.rotation or {})
  local final = string.format("f%05x", spawned)
  local data = {GUID = final, Name = params.type or "BlockSquare",
                Nickname = "", GMNotes = "", Tags = {},
                Transform = {posX = p.x, posY = p.y, posZ = p.z, rotX = r.x, rotY = r.y, rotZ = r.z,
                             scaleX = 1, scaleY = 1, scaleZ = 1}}
  local obj = make_object(data, nil)
  obj.guid = string.format("e%05x", spawned)
  obj.spawning = true
  record("spawn", {guid = final, type = data.Name})
  schedule(function()
    obj.guid, obj.spawning = final, false
    register(obj)
    if params.callback_function then params.callback_function(obj) end
  end, nil, 1, 1)
  return obj
end

-- Click an object's button (by label or click function), as `color` would.
function driver.click_button(guid, which, color)
  local obj = objects[guid]
  if obj == nil then error("click_button: no object " .. tostring(guid)) end
  for _, b in ipairs(obj.getButtons()) do
    if b.label == which or b.click_function == which then
      local owner = b.function_owner
      local env = envs[(owner and owner.guid) or "-1"]
      local fn = env and env[b.click_function]
      if type(fn) ~= "function" then error("click_button: no function " .. tostring(b.click_function)) end
      return fn(obj, color, false)
    end
  end
  error("click_button: " .. guid .. " has no button " .. tostring(which))
end

-- Answer the oldest open dialog of `color` with the option at `index` (1-based).
function driver.answer_dialog(color, index)
  for i, d in ipairs(dialogs) do
    if d.color == color then
      table.remove(dialogs, i)
      return d.callback(d.options[index], index, color)
    end
  end
  error("answer_dialog: no dialog open for " .. tostring(color))
end

function driver.dialogs() return dialogs end

function driver.in_hand(color, guid)
  local obj = objects[guid]
  return obj ~= nil and in_hand(color, obj)
end

function driver.object_state(guid)
  local obj = objects[guid]
  if obj == nil then return nil end
  return {pos = obj.getPosition(), rot = obj.getRotation(), locked = obj.getLock(),
          value = obj.getValue(), face = obj.getRotationValue(), tags = obj.getTags(),
          interactable = obj.interactable ~= false, notes = obj.getGMNotes()}
end

function driver.contents(guid)
  local obj = objects[guid]
  if obj == nil then return nil end
  local out = {}
  for _, entry in ipairs(obj.getObjects()) do table.insert(out, entry.guid) end
  return out
end
