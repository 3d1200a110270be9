-- Global script: the table's entry point. It wires the connect panel to the
-- rules server and keeps what must survive a reload (server URL, table id,
-- token, last applied version) in the script state. No game rules live here:
-- the ruleset's own Lua (ruleset/main, chosen when the save is built) turns
-- gestures into actions for the server, and the server's instructions come
-- back through hauntkit/ops.
local config = require("hauntkit/config")
local state = require("hauntkit/state")
local panel = require("hauntkit/panel")
local connect = require("hauntkit/connect")
local game = require("ruleset/main")
require("hauntkit/ask")          -- registers the `ask` op

function onLoad(script_state)
  state.load(script_state)
  panel.init()
  if game.setup ~= nil then
    game.setup()
  end
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

-- Object scripts report what a player did (objects/wire.lua).
function hk_gesture(params)
  if game.gesture == nil then
    return false
  end
  return game.gesture(params)
end

-- Objects without a script (cards, tokens the server spawns).
function onObjectPickUp(player_color, obj)
  if game.object_pickup ~= nil then
    game.object_pickup(player_color, obj)
  end
end

function onObjectDrop(player_color, obj)
  if game.object_drop ~= nil then
    game.object_drop(player_color, obj)
  end
end
