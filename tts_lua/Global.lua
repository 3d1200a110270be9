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
local client = require("hauntkit/client")
local ops = require("hauntkit/ops")
local undo = require("hauntkit/undo")
local words = require("hauntkit/words")
local game = require("ruleset/main")
require("hauntkit/ask")          -- registers the `ask` op
local reading = require("hauntkit/reading")   -- registers the `show_text` op

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

-- A reading panel's Close and Read buttons: each colour sees only its own.
function hk_read_close(player)
  reading.close(player.color)
end

function hk_read_open(player)
  reading.open(player.color)
end

-- The host's Undo: every seated player is asked in their own dialog.
function hk_undo(player)
  if player.host then
    undo.start(player.color)
  end
end

-- The host's New token: the old one stops working (a save shared after
-- play then lets nobody act on the table).
function hk_new_token(player)
  if not player.host then
    return
  end
  if not client.new_token(function(ok, message)
    if ok then
      UI.setAttribute("hk_token", "text", state.data.token)
      broadcastToColor(panel.text("token_renewed"), player.color, {0.9, 0.9, 0.9})
    else
      broadcastToColor(panel.text("token_not_renewed", message), player.color, {1, 0.45, 0.4})
    end
  end) then
    broadcastToColor(words.get("offline_once"), player.color, {0.8, 0.8, 0.8})
  end
end

-- TTS's own turn passing is off; should the turn move in TTS anyway (the
-- host can always set it), it goes back to the seat the server gave it to.
function onPlayerTurn(player)
  local seat = ops.turn_color
  if not client.online or seat == nil or player == nil or player.color == seat then
    return
  end
  Turns.turn_color = seat
  broadcastToAll(words.get("turns_by_server"), {1, 0.7, 0.4})
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
