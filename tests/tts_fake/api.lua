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

local function copy(t)
  if type(t) ~= "table" then return t end
  local out = {}
  for k, v in pairs(t) do out[k] = copy(v) end
  return out
end

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
                function_owner = b.function_owner, tooltip = b.tooltip}
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
  -- What a TTS save holds for this object now (its current transform, lock,
  -- tags, value and contents), as a fresh table.
  function obj.saved()
    local d = copy(data)
    d.GUID = obj.guid
    d.Transform = {posX = state.pos.x, posY = state.pos.y, posZ = state.pos.z,
                   rotX = state.rot.x, rotY = state.rot.y, rotZ = state.rot.z,
                   scaleX = state.scale.x, scaleY = state.scale.y, scaleZ = state.scale.z}
    d.Locked = state.locked
    d.Tags = obj.getTags()
    if data.ContainedObjects ~= nil then d.ContainedObjects = copy(state.contents) end
    if data.Counter ~= nil then d.Counter = {value = state.value or 0} end
    return d
  end
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
  function req.getResponseHeader(name)
    for k, v in pairs(req.response_headers or {}) do
      if string.lower(k) == string.lower(name) then return v end
    end
    return nil
  end
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

function driver.saved_objects()
  local out = {}
  for _, g in ipairs(order) do table.insert(out, objects[g].saved()) end
  return out
end

-- TTS: `interactable = false` keeps players from picking an object up;
-- `locked` only freezes its physics, so a locked object can still be lifted.
function driver.pickable(guid)
  local obj = objects[guid]
  return obj ~= nil and obj.interactable ~= false
end

-- What a picked-up object carries along: with Sticky on (the TTS default),
-- the unlocked objects resting on top of it, within its footprint.
function driver.carried(guid)
  local base = objects[guid]
  local out = {}
  if base == nil or base.sticky == false or base.getData().Sticky == false then return out end
  local p, half = base.getPosition(), base.getScale().x
  for _, g in ipairs(order) do
    local o = objects[g]
    local q = o.getPosition()
    if g ~= guid and not o.getLock() and q.y > p.y and math.abs(q.x - p.x) <= half and math.abs(q.z - p.z) <= half then
      table.insert(out, g)
    end
  end
  return out
end

-- A die rolled or thrown tumbles for a few frames: `resting` is false
-- until it lies still (and a face set meanwhile would be rolled away).
function driver.tumble(guid, frames)
  local obj = objects[guid]
  obj.resting = false
  schedule(function() obj.resting = true end, nil, 1, frames or 3)
end

function driver.pending_timers()
  local n = 0
  for _ in pairs(timers) do n = n + 1 end
  return n
end

-- What seats.lua (players, hands, dialogs, buttons, spawning) builds on.
local core = {objects = objects, order = order, record = record, vec = vec, schedule = schedule,
              make_object = make_object, register = register, envs = envs, copy = copy}

return api, driver, core
