-- Connecting the table to the rules server. With no table id the host
-- creates a table for the seated players; with one, the panel checks that
-- the table exists and the token is accepted. Every request carries the mod
-- version; when the server names a different one the host is told the save
-- is outdated. Without a server the table stays playable by hand, and says
-- so once.
local config = require("hauntkit/config")
local state = require("hauntkit/state")
local panel = require("hauntkit/panel")
local http = require("hauntkit/http")
local client = require("hauntkit/client")
local sync = require("hauntkit/sync")
local ops = require("hauntkit/ops")
local words = require("hauntkit/words")

local M = {}

M.said_offline = false

-- The sandbox notice, at most once per load.
function M.offline(detail)
  client.online = false
  sync.stop()
  if detail ~= nil then
    panel.status("failed", detail)
  else
    panel.status("offline")
  end
  if not M.said_offline then
    M.said_offline = true
    broadcastToAll(words.get("offline_once"), {0.8, 0.8, 0.8})
  end
end

local function check_version(answer)
  local expected = answer and answer.mod_version
  if expected ~= nil and expected ~= config.mod_version then
    local text = panel.status("outdated", "(" .. config.mod_version .. " ≠ " .. tostring(expected) .. ")")
    broadcastToAll(text, {1, 0.7, 0.3})
    return false
  end
  return true
end

-- A new table: its setup instructions are version 0. An existing one: catch up
-- from the version this save last applied, then lay it out (a save newer
-- than the table cannot be caught up, so it is only laid out).
local function connected(answer, fresh)
  client.online = true
  if check_version(answer) then
    panel.status("connected", state.data.table_id)
  end
  local version = tonumber(answer.version) or 0
  if fresh then
    state.data.version, state.data.seq = version, -1
    for _, e in ipairs(answer.ops or {}) do
      ops.apply(e)
    end
    -- The save is laid out for a new game already; laying it out once from
    -- the server fixes its pieces (a placed piece cannot be picked up).
    sync.silent = true
    sync.resync()
  elseif state.data.version > version then
    sync.resync()
  else
    -- Catch up in order, then lay the table out once: a rewind may have
    -- moved pieces, and a reload loses any open prompt dialog.
    sync.poll(function()
      sync.silent = true
      sync.resync()
    end)
  end
  sync.start()
end

function M.start(player)
  if state.data.url == "" then
    M.offline(panel.text("need_url"))
    return
  end
  panel.status("connecting")
  if state.data.table_id == "" then
    local seats = getSeatedPlayers()
    local body = {
      ruleset = config.ruleset, locale = config.locale, seats = seats,
      options = {}, mod_version = config.mod_version,
    }
    http.request("POST", state.data.url, "/v1/tables", body, nil, function(ok, _, answer, err)
      if not ok then
        M.offline(err)
        return
      end
      state.data.table_id = tostring(answer.table_id)
      state.data.token = tostring(answer.host_token)
      UI.setAttribute("hk_table", "text", state.data.table_id)
      UI.setAttribute("hk_token", "text", state.data.token)
      if player ~= nil and player.color ~= nil then
        broadcastToColor(panel.text("token_note"), player.color, {0.9, 0.9, 0.9})
      end
      connected(answer, true)
    end, {retries = 0})   -- no request_id here: a retry could make a second table
  else
    M.resume()
  end
end

function M.resume()
  panel.status("connecting")
  local path = "/v1/tables/" .. state.data.table_id
  http.request("GET", state.data.url, path, nil, state.data.token, function(ok, _, answer, err)
    if not ok then
      M.offline(err)
      return
    end
    connected(answer, false)
  end)
end

return M
