-- A minimal Tabletop Simulator API in plain Lua 5.2, for running the bundled
-- scripts outside TTS. `host` is the Python side: JSON, the web handler and
-- capture lists. Object methods are dot-called closures, as in TTS.
local host = ...

local api = {}
local objects = {}      -- guid -> object (on the table)
local order = {}        -- guids in load order
local timers = {}       -- {id, at, fn, repeats, interval, frames}
local clock = {now = 0, frame = 0, next_id = 1}
local envs = {}         -- guid ("-1" = Global) -> script environment
local ui = {}           -- id -> {attributes}, value

local function vec(x, y, z)
  if type(x) == "table" then
    return vec(x.x or x[1] or 0, x.y or x[2] or 0, x.z or x[3] or 0)
  end
  return {x = x or 0, y = y or 0, z = z or 0, [1] = x or 0, [2] = y or 0, [3] = z or 0}
end

local function record(kind, entry)
  host.record(kind, entry)
end

local make_object

local function register(obj)
  objects[obj.guid] = obj
  table.insert(order, obj.guid)
end

local function unregister(obj)
  objects[obj.guid] = nil
  for i, g in ipairs(order) do
    if g == obj.guid then
      table.remove(order, i)
      break
    end
  end
end

local function schedule(fn, delay, repeats, frames)
  local id = clock.next_id
  clock.next_id = id + 1
  timers[id] = {fn = fn, at = clock.now + (delay or 0), repeats = repeats or 1,
                interval = delay or 0, frames = frames}
  if frames then
    timers[id].at_frame = clock.frame + frames
  end
  return id
end

make_object = function(data, container)
  local obj = {}
  local state = {
    data = data, pos = vec(data.Transform.posX, data.Transform.posY, data.Transform.posZ),
    rot = vec(data.Transform.rotX, data.Transform.rotY, data.Transform.rotZ),
    scale = vec(data.Transform.scaleX or 1, data.Transform.scaleY or 1, data.Transform.scaleZ or 1),
    tags = {}, contents = {}, locked = data.Locked == true, vars = {},
    value = nil, buttons = {},
  }
  for _, t in ipairs(data.Tags or {}) do
    state.tags[t] = true
  end
  for _, child in ipairs(data.ContainedObjects or {}) do
    table.insert(state.contents, child)
  end
  if data.Counter then
    state.value = data.Counter.value
  end
  obj.guid = data.GUID
  obj.name = data.Name
  obj.type = data.Name
  obj.container = container

  function obj.getGUID() return obj.guid end
  function obj.getName() return data.Nickname or "" end
  function obj.setName(v) data.Nickname = v return true end
  function obj.getDescription() return data.Description or "" end
  function obj.setDescription(v) data.Description = v return true end
  function obj.getGMNotes() return data.GMNotes or "" end
  function obj.setGMNotes(v) data.GMNotes = v return true end
  function obj.getScale() return vec(state.scale) end
  function obj.setColorTint(c) state.tint = c return true end
  -- Dice: the face is the first RotationValues entry with that value.
  function obj.getRotationValue() return state.rotation_value end
  function obj.setRotationValue(v)
    for _, rv in ipairs(data.RotationValues or {}) do
      if tostring(rv.Value) == tostring(v) then
        state.rotation_value = rv.Value
        state.rot = vec(rv.Rotation)
        record("face", {guid = obj.guid, value = rv.Value})
        return true
      end
    end
    error("setRotationValue: " .. obj.guid .. " has no face " .. tostring(v))
  end
  function obj.createButton(params)
    table.insert(state.buttons, params)
    return true
  end
  function obj.getButtons()
    local out = {}
    for i, b in ipairs(state.buttons) do
      out[i] = {index = i - 1, label = b.label, click_function = b.click_function,
                function_owner = b.function_owner}
    end
    return out
  end
  function obj.clearButtons() state.buttons = {} return true end
  function obj.is_face_down_now() return math.abs((state.rot.z or 0) % 360 - 180) < 1 end
  function obj.getPosition() return vec(state.pos) end
  function obj.getRotation() return vec(state.rot) end
  function obj.setPosition(p)
    state.pos = vec(p)
    record("move", {guid = obj.guid, x = state.pos.x, y = state.pos.y, z = state.pos.z, smooth = false})
    return true
  end
  function obj.setPositionSmooth(p)
    state.pos = vec(p)
    record("move", {guid = obj.guid, x = state.pos.x, y = state.pos.y, z = state.pos.z, smooth = true})
    return true
  end
  function obj.setRotation(r) state.rot = vec(r) return true end
  obj.setRotationSmooth = obj.setRotation
  function obj.getLock() return state.locked end
  function obj.setLock(v) state.locked = v == true return true end
  function obj.getTags()
    local out = {}
    for t in pairs(state.tags) do table.insert(out, t) end
    table.sort(out)
    return out
  end
  function obj.hasTag(t) return state.tags[t] == true end
  function obj.addTag(t) state.tags[t] = true return true end
  function obj.removeTag(t) state.tags[t] = nil return true end
  function obj.getValue()
    if state.value ~= nil then return state.value end
    return nil
  end
  function obj.setValue(v)
    state.value = v
    record("value", {guid = obj.guid, value = v})
    return true
  end
  function obj.getQuantity()
    if data.ContainedObjects then return #state.contents end
    return -1
  end
  function obj.getObjects()
    local out = {}
    for i, child in ipairs(state.contents) do
      table.insert(out, {index = i - 1, guid = child.GUID, name = child.Nickname,
                         nickname = child.Nickname, description = child.Description,
                         gm_notes = child.GMNotes})
    end
    return out
  end
  function obj.takeObject(params)
    params = params or {}
    local at = nil
    if params.guid ~= nil then
      for i, child in ipairs(state.contents) do
        if child.GUID == params.guid then at = i break end
      end
    elseif params.index ~= nil then
      at = params.index + 1
    elseif #state.contents > 0 then
      at = 1
    end
    if at == nil or state.contents[at] == nil then
      host.record("error", {message = "takeObject: nothing matches in " .. obj.guid})
      return nil
    end
    local child = table.remove(state.contents, at)
    local taken = make_object(child, nil)
    if params.position then taken.setPosition(params.position) end
    if params.rotation then taken.setRotation(params.rotation) end
    register(taken)
    record("take", {from = obj.guid, guid = taken.guid})
    if obj.name:sub(1, 4) == "Deck" and #state.contents == 1 then
      -- TTS keeps a deck only while it holds two cards: the last one is
      -- left on the table where the deck was, and the deck is gone.
      local last = make_object(table.remove(state.contents, 1), nil)
      last.setPosition(state.pos)
      last.setRotation(state.rot)
      register(last)
      unregister(obj)
      record("destroy", {guid = obj.guid})
    end
    if params.callback_function then
      schedule(function() params.callback_function(taken) end, nil, 1, 1)
    end
    return taken
  end
  function obj.putObject(other)
    table.insert(state.contents, 1, other.getData())
    unregister(other)
    record("put", {into = obj.guid, guid = other.guid})
    return obj
  end
  function obj.getData() return data end
  function obj.destruct()
    unregister(obj)
    record("destroy", {guid = obj.guid})
    return true
  end
  function obj.call(fn, params)
    local env = envs[obj.guid]
    if env == nil or type(env[fn]) ~= "function" then
      error("call: object " .. obj.guid .. " has no function " .. tostring(fn))
    end
    return env[fn](params)
  end
  function obj.getVar(name) local env = envs[obj.guid] return env and env[name] end
  function obj.setVar(name, v) local env = envs[obj.guid] if env then env[name] = v end return true end
  return obj
end

-- Global object: call/getVar reach the Global script's environment.
local Global = {guid = "-1", name = "Global"}
function Global.getGUID() return "-1" end
function Global.call(fn, params)
  local env = envs["-1"]
  if env == nil or type(env[fn]) ~= "function" then
    error("Global.call: no function " .. tostring(fn))
  end
  return env[fn](params)
end
function Global.getVar(name) return envs["-1"][name] end
function Global.setVar(name, v) envs["-1"][name] = v return true end
api.Global = Global

function api.getObjectFromGUID(guid) return objects[guid] end
function api.getObjects()
  local out = {}
  for _, g in ipairs(order) do table.insert(out, objects[g]) end
  return out
end
function api.getObjectsWithTag(tag)
  local out = {}
  for _, g in ipairs(order) do
    if objects[g].hasTag(tag) then table.insert(out, objects[g]) end
  end
  return out
end
function api.getSeatedPlayers() return host.seated() end
function api.broadcastToAll(msg, color) record("broadcast", {to = "all", text = tostring(msg)}) return true end
function api.broadcastToColor(msg, to, color) record("broadcast", {to = to, text = tostring(msg)}) return true end
function api.printToAll(msg) record("print", {text = tostring(msg)}) return true end
function api.print(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
  record("print", {text = table.concat(parts, " ")})
end
function api.log(value, label) record("log", {text = tostring(value), label = label}) return true end
api.logString = function(v) return tostring(v) end

api.JSON = {
  encode = function(v) return host.json_encode(v) end,
  encode_pretty = function(v) return host.json_encode(v) end,
  decode = function(s) return host.json_decode(s) end,
}

api.Wait = {
  time = function(fn, seconds, repeats) return schedule(fn, seconds, repeats or 1) end,
  frames = function(fn, n) return schedule(fn, nil, 1, n or 1) end,
  condition = function(fn, cond, timeout, on_timeout)
    local id
    local started = clock.now
    local function poll()
      if cond() then
        timers[id] = nil
        fn()
      elseif timeout and clock.now - started >= timeout then
        timers[id] = nil
        if on_timeout then on_timeout() end
      end
    end
    id = schedule(poll, nil, -1, 1)
    timers[id].poll = true
    return id
  end,
  stop = function(id) timers[id] = nil end,
  stopAll = function() for k in pairs(timers) do timers[k] = nil end end,
}

local function web(method, url, data, headers, callback)
  local req = {url = url, method = method, is_done = false, is_error = false,
               text = "", response_code = 0, error = ""}
  function req.dispose() req.disposed = true end
  function req.getResponseHeader() return nil end
  host.web_queue(req, data or "", headers or {}, callback)
  return req
end

api.WebRequest = {
  custom = function(url, method, download, data, headers, cb) return web(method, url, data, headers, cb) end,
  get = function(url, cb) return web("GET", url, "", {}, cb) end,
  post = function(url, form, cb)
    local body = form
    if type(form) == "table" then body = host.json_encode(form) end
    return web("POST", url, body, {}, cb)
  end,
  put = function(url, data, cb) return web("PUT", url, data, {}, cb) end,
  delete = function(url, cb) return web("DELETE", url, "", {}, cb) end,
}

api.UI = {
  setAttribute = function(id, attr, value)
    if ui[id] == nil then error("UI.setAttribute: no element " .. tostring(id)) end
    ui[id].attributes[attr] = tostring(value)
    return true
  end,
  getAttribute = function(id, attr)
    return ui[id] and ui[id].attributes[attr]
  end,
  setValue = function(id, value)
    if ui[id] == nil then error("UI.setValue: no element " .. tostring(id)) end
    ui[id].value = tostring(value)
    return true
  end,
  getValue = function(id) return ui[id] and ui[id].value end,
  show = function(id) if ui[id] then ui[id].attributes.active = "true" end return true end,
  hide = function(id) if ui[id] then ui[id].attributes.active = "false" end return true end,
  setXml = function(xml) host.set_xml(xml) return true end,
  loading = false,
}

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
  function p.showOptionsDialog(text, options, default, callback)
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
api.Turns = {enable = false, turn_color = "", order = {}}

local spawned = 0
function api.spawnObject(params)
  spawned = spawned + 1
  local p = vec(params.position or {})
  local r = vec(params.rotation or {})
  local data = {GUID = string.format("f%05x", spawned), Name = params.type or "BlockSquare",
                Nickname = "", GMNotes = "", Tags = {},
                Transform = {posX = p.x, posY = p.y, posZ = p.z, rotX = r.x, rotY = r.y, rotZ = r.z,
                             scaleX = 1, scaleY = 1, scaleZ = 1}}
  local obj = make_object(data, nil)
  register(obj)
  record("spawn", {guid = obj.guid, type = data.Name})
  if params.callback_function then
    schedule(function() params.callback_function(obj) end, nil, 1, 1)
  end
  return obj
end
api.Color = setmetatable({}, {__call = function(_, r, g, b) return {r = r, g = g, b = b} end})
api.Vector = setmetatable({}, {__call = function(_, x, y, z) return vec(x, y, z) end})

-- Driver functions for the Python side.
local driver = {}

function driver.add(data)
  local obj = make_object(data, nil)
  register(obj)
  return obj
end

function driver.ui_element(id, attrs, value)
  ui[id] = {attributes = attrs, value = value}
end

function driver.ui(id) return ui[id] end

function driver.load_script(guid, source, chunkname)
  local env = setmetatable({}, {__index = function(_, k)
    local v = api[k]
    if v ~= nil then return v end
    return _G[k]
  end})
  env.self = guid == "-1" and Global or objects[guid]
  env._G = env
  local fn, err = load(source, "=" .. chunkname, "t", env)
  if not fn then error(err, 0) end
  envs[guid] = env
  fn()
  return env
end

function driver.env(guid) return envs[guid] end

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
          value = obj.getValue(), face = obj.getRotationValue(), tags = obj.getTags()}
end

function driver.contents(guid)
  local obj = objects[guid]
  if obj == nil then return nil end
  local out = {}
  for _, entry in ipairs(obj.getObjects()) do table.insert(out, entry.guid) end
  return out
end

function driver.step(seconds)
  clock.now = clock.now + (seconds or 0)
  clock.frame = clock.frame + 1
  local due = {}
  for id, t in pairs(timers) do
    local ready
    if t.at_frame then
      ready = clock.frame >= t.at_frame
    else
      ready = clock.now >= t.at
    end
    if ready then table.insert(due, id) end
  end
  table.sort(due)
  for _, id in ipairs(due) do
    local t = timers[id]
    if t then
      if t.poll then
        t.at_frame = clock.frame + 1
      elseif t.repeats == 1 then
        timers[id] = nil
      else
        if t.repeats > 1 then t.repeats = t.repeats - 1 end
        if t.at_frame then t.at_frame = clock.frame + (t.frames or 1) else t.at = t.at + t.interval end
      end
      t.fn()
    end
  end
  return clock.now
end

function driver.pending_timers()
  local n = 0
  for _ in pairs(timers) do n = n + 1 end
  return n
end

return api, driver
