-- Escape's table (docs/RULESETS.md, "Lua"): what Global hands to the ruleset.
-- Buttons on every seat's area: Sit, Start, Search, Explore, Hide, Flee and
-- Actions…. Gestures: an item dropped on one's equipment area equips it, on
-- an infected card attacks it, into another player's hand offers it (a
-- trade, or a card given away); a token dragged to another slot of the
-- column asks that player to swap places; the thrown die rolls for an
-- infected token (a die rolled by hand otherwise just shows the server's
-- face again). Every gesture becomes the one legal action the server
-- lists for it (several: the player picks one; none: the action is sent as
-- it is, and the server says why not). Nothing here knows a rule: where a
-- piece ends up is what the server's instructions say, and a piece they do
-- not move goes back where it was picked up.
local util = require("hauntkit/util")
local client = require("hauntkit/client")
local ask = require("hauntkit/ask")
local words = require("hauntkit/words")
local ops = require("hauntkit/ops")

local M = {}

M.origins = {}   -- GUID of a card or token in a player's hand (of the mouse) → where it was picked up
M.handled = 0    -- gestures turned into actions (diagnostics, tests)

-- The area buttons: click function, word, and the actions each one covers.
M.buttons = {
  {fn = "hk_escape_sit", word = "sit"},
  {fn = "hk_escape_start", word = "start", actions = {"start"}},
  {fn = "hk_escape_search", word = "search", actions = {"search", "draw"}},
  {fn = "hk_escape_explore", word = "explore", actions = {"explore"}},
  {fn = "hk_escape_hide", word = "hide", actions = {"hide"}},
  {fn = "hk_escape_flee", word = "flee", actions = {"flee"}},
  {fn = "hk_escape_actions", word = "actions"},
}

local function tell(color, word)
  broadcastToColor(words.get(word), color, {1, 0.75, 0.4})
end

-- The legal actions named in `names` (all of them when nil) that `keep`
-- accepts, as the server lists them for `seat`: one is sent, several are
-- offered in a dialog to that colour, none sends `fallback` for the
-- server's refusal. `done(moved)` follows the answer.
function M.offer(seat, names, keep, fallback, done)
  local wanted = nil
  if names ~= nil then
    wanted = {}
    for _, n in ipairs(names) do
      wanted[n] = true
    end
  end
  local function send(action, args)
    M.handled = M.handled + 1
    client.act(action, seat, args or {}, function(ok, answer)
      if done then
        done(ok and answer or nil)
      end
    end)
  end
  return client.get("/legal?seat=" .. seat, function(ok, answer)
    local found = {}
    for _, a in ipairs((ok and answer.actions) or {}) do
      if (wanted == nil or wanted[a.action]) and (keep == nil or keep(a.args or {})) then
        table.insert(found, a)
      end
    end
    if #found == 1 then
      send(found[1].action, found[1].args)
    elseif #found > 1 then
      local labels = {}
      for i, a in ipairs(found) do
        labels[i] = words.pick(a.label)
      end
      ask.dialog(seat, words.get("choose"), labels, function(index)
        local a = found[index]
        if a ~= nil then
          send(a.action, a.args)
        elseif done then
          done(nil)
        end
      end)
    elseif fallback ~= nil then
      send(fallback.action, fallback.args)
    else
      tell(seat, "nothing_to_do")
      if done then
        done(nil)
      end
    end
  end)
end

-- -- buttons -----------------------------------------------------------------------------
function M.setup()
  for _, mat in ipairs(getObjectsWithTag("mat")) do
    mat.clearButtons()
    for i, b in ipairs(M.buttons) do
      mat.createButton({
        click_function = b.fn, function_owner = Global, label = words.get(b.word),
        position = {-1.75 + (i - 1) * 0.583, 0.2, 0.8}, rotation = {0, 180, 0}, scale = {0.12, 1, 0.12},
        width = 1900, height = 600, font_size = 300,
      })
    end
  end
end

-- A button works for the colour whose area it is on.
local function pressed(mat, color, which)
  if util.content_id(mat, "mat") ~= color then
    tell(color, "not_your_area")
    return
  end
  if which.fn == "hk_escape_sit" then
    client.sit(color)
    return
  end
  local first = which.actions and which.actions[1] or nil
  M.offer(color, which.actions, nil, first and {action = first, args = {}} or nil)
end

local function button(fn)
  for _, b in ipairs(M.buttons) do
    if b.fn == fn then
      return b
    end
  end
end

-- Button functions (TTS calls them by name, on Global).
function hk_escape_sit(mat, color) pressed(mat, color, button("hk_escape_sit")) end
function hk_escape_start(mat, color) pressed(mat, color, button("hk_escape_start")) end
function hk_escape_search(mat, color) pressed(mat, color, button("hk_escape_search")) end
function hk_escape_explore(mat, color) pressed(mat, color, button("hk_escape_explore")) end
function hk_escape_hide(mat, color) pressed(mat, color, button("hk_escape_hide")) end
function hk_escape_flee(mat, color) pressed(mat, color, button("hk_escape_flee")) end
function hk_escape_actions(mat, color) pressed(mat, color, button("hk_escape_actions")) end

-- -- gestures ----------------------------------------------------------------------------
local function remember(obj)
  local p = obj.getPosition()
  M.origins[obj.getGUID()] = {x = p.x, y = p.y, z = p.z}
end

local function origin_of(obj)
  local guid = obj.getGUID()
  local origin = M.origins[guid]
  M.origins[guid] = nil
  return origin
end

-- After the answer, a piece stays only where the server put it.
local function settle(obj, origin)
  return function(answer)
    if origin ~= nil and not util.moved_by(answer, obj.getGUID()) then
      obj.setPositionSmooth(origin)
    end
  end
end

local function inside(zone, pos)
  local p, size = zone.getPosition(), zone.getScale()
  return math.abs(pos.x - p.x) <= size.x / 2 and math.abs(pos.z - p.z) <= size.z / 2
end

local function zone_at(tag, pos)
  for _, zone in ipairs(getObjectsWithTag(tag)) do
    if inside(zone, pos) then
      return zone
    end
  end
  return nil
end

M.CARD_HALF = {x = 1.15, z = 1.6}   -- half a TTS card's footprint at scale 1

-- The face-up infected card under `pos`, if any: its content id.
local function infected_card_at(pos, except)
  for _, obj in ipairs(getObjectsWithTag("infected")) do
    if obj ~= except then
      local deck, id = util.card_of(obj)
      local p = obj.getPosition()
      if deck == "infected" and math.abs(pos.x - p.x) <= M.CARD_HALF.x and math.abs(pos.z - p.z) <= M.CARD_HALF.z then
        return id
      end
    end
  end
  return nil
end

-- The seat's view from the server (what it may see), then `fn(view)`.
local function with_view(seat, fn)
  return client.get("/state?seat=" .. seat, function(ok, answer)
    fn(ok and answer.view or nil)
  end)
end

local function card_dropped(player, obj)
  local origin = origin_of(obj)
  local _, card = util.card_of(obj)
  if card == nil or not client.online then
    return false
  end
  local pos = obj.getPosition()
  local done = settle(obj, origin)
  local zone = zone_at("equipment_zone", pos)
  if zone ~= nil and util.content_id(zone, "equipment") == player then
    M.offer(player, {"equip"}, function(args) return args.card == card end,
            {action = "equip", args = {card = card}}, done)
    return true
  end
  local target = infected_card_at(pos, obj)
  if target ~= nil then
    with_view(player, function(view)
      local member = nil
      for id, inf in pairs((view and view.infected) or {}) do
        if inf.card == target then
          member = id
        end
      end
      M.offer(player, {"attack"}, function(args)
        return args.card == card and (args.infected == nil or args.infected == member)
      end, {action = "attack", args = {card = card, infected = member}}, done)
    end)
    return true
  end
  for _, color in ipairs(getSeatedPlayers()) do
    if color ~= player and util.in_hand_zone(color, pos) then
      M.offer(player, {"trade", "give"}, function(args)
        return args.card == card and (args.with == color or args.to == color)
      end, {action = "trade", args = {with = color, card = card}}, done)
      return true
    end
  end
  if origin ~= nil and not util.in_hand_zone(player, pos) then
    obj.setPositionSmooth(origin)
  end
  return false
end

local function token_dropped(player, obj)
  local origin = origin_of(obj)
  if not client.online then
    return false
  end
  local done = settle(obj, origin)
  local slot = zone_at("slot", obj.getPosition())
  local index = slot and tonumber(util.content_id(slot, "slot")) or nil
  if index == nil then
    done(nil)
    return false
  end
  with_view(player, function(view)
    local other = view and view.column and view.column[index + 1] or nil
    if other == nil or other == player then
      done(nil)
      return
    end
    M.offer(player, {"swap", "flee"}, function(args) return args.with == other end,
            {action = "swap", args = {with = other}}, done)
  end)
  return true
end

-- The die is the server's: once a die rolled by hand lies still, it shows
-- the face the server gave it again (a face set while it tumbles would be
-- rolled away). Rolled when the leader is asked to roll for an infected
-- token, it sends that roll; the server's throw is what counts.
local function die_at_rest(obj)
  local function put_back()
    ops.restore_die(obj.getGUID())
  end
  Wait.condition(put_back, function() return obj.resting ~= false end, 10, put_back)
end

local handlers = {
  pawn = {pickup = function(_, obj) remember(obj) end, drop = token_dropped},
  die = {drop = function(_, obj) die_at_rest(obj) end,
         roll = function(player, obj)
           if not M.offer(player, {"roll"}, nil, nil, function() die_at_rest(obj) end) then
             die_at_rest(obj)
           end
         end},
}

-- What an object script reported ({kind, guid, player, role}).
function M.gesture(params)
  local by_role = type(params) == "table" and handlers[params.role] or nil
  local fn = by_role and by_role[params.kind]
  local obj = fn and util.find(params.guid) or nil
  if obj == nil then
    return false
  end
  fn(params.player, obj)
  return true
end

-- Cards have no script of their own: Global's pick-up and drop events.
function M.object_pickup(_, obj)
  if obj.hasTag("card") then
    remember(obj)
  end
end

function M.object_drop(player, obj)
  if obj.hasTag("card") then
    return card_dropped(player, obj)
  end
  return false
end

return M
