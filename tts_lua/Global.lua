-- Global script: the table's entry point. It wires the connect panel to the
-- rules server and keeps what must survive a reload (server URL, table id,
-- token, last applied version) in the script state. No game rules live here:
-- gestures become actions for the server and the server's effects come back.
local config = require("hauntkit/config")
local state = require("hauntkit/state")
local panel = require("hauntkit/panel")
local connect = require("hauntkit/connect")
local gestures = require("hauntkit/gestures")

function onLoad(script_state)
  state.load(script_state)
  panel.init()
  if state.data.table_id ~= "" and state.data.token ~= "" then
    connect.resume()
  else
    panel.status("offline")
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

-- The play loop (and the tests) collect the recorded gestures here.
function hk_take_gestures()
  return gestures.take()
end
