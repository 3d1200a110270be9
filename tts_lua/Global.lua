-- Global script: the table's entry point. It wires the connect panel to the
-- rules server and keeps what must survive a reload (server URL, table id,
-- token, last applied version) in the script state. No game rules live here:
-- gestures become actions for the server and the server's effects come back.
local config = require("hauntkit/config")
local state = require("hauntkit/state")
local panel = require("hauntkit/panel")
local connect = require("hauntkit/connect")
local gestures = require("hauntkit/gestures")
local boards = require("hauntkit/boards")
require("hauntkit/prompts")      -- registers the `prompt` effect

function onLoad(script_state)
  state.load(script_state)
  panel.init()
  boards.setup()
  if state.data.url ~= "" and state.data.table_id ~= "" and state.data.token ~= "" then
    connect.resume()
  else
    connect.offline()
  end
  log(config.ruleset .. " " .. config.mod_version .. " (" .. config.locale .. ")", "hauntkit")
end

function onSave()
  return state.dump()
end

-- Connect panel callbacks (named in the XmlUI).
function hk_url(_, value)
  state.data.url = panel.clean(value)
end

function hk_table(_, value)
  state.data.table_id = panel.clean(value)
end

function hk_token(_, value)
  state.data.token = panel.clean(value)
end

function hk_connect(player)
  connect.start(player)
end

-- Object scripts report what a player did; see hauntkit/gestures.
function hk_gesture(params)
  return gestures.record(params)
end

-- Cards and the monster tokens the server spawns carry no script: Global's
-- own events report them.
local function unscripted(kind, player_color, obj)
  for _, role in ipairs({"card", "monster"}) do
    if obj.hasTag(role) then
      gestures.record({kind = kind, guid = obj.getGUID(), player = player_color, role = role})
      return
    end
  end
end

function onObjectPickUp(player_color, obj)
  unscripted("pickup", player_color, obj)
end

function onObjectDrop(player_color, obj)
  unscripted("drop", player_color, obj)
end

-- Character board buttons (created by hauntkit/boards).
function hk_btn_choose_a(board, color)
  boards.choose(board, color, 0)
end

function hk_btn_choose_b(board, color)
  boards.choose(board, color, 1)
end

function hk_btn_start(_, color)
  boards.act("start", color)
end

function hk_btn_roll(_, color)
  boards.act("roll", color)
end

function hk_btn_end_turn(_, color)
  boards.act("end_turn", color)
end

function hk_btn_actions(_, color)
  boards.actions(color)
end
