-- Connecting the table to the rules server. With no table id the host
-- creates a table for the seated players; with one, the panel checks that
-- the table exists and the token is accepted. Every request carries the mod
-- version; when the server names a different one the host is told the save
-- is outdated. Without a server the table stays playable by hand.
local config = require("hauntkit/config")
local state = require("hauntkit/state")
local panel = require("hauntkit/panel")
local http = require("hauntkit/http")

local M = {}

local function check_version(answer)
  local expected = answer and answer.mod_version
  if expected ~= nil and expected ~= config.mod_version then
    local text = panel.status("outdated", "(" .. config.mod_version .. " ≠ " .. tostring(expected) .. ")")
    broadcastToAll(text, {1, 0.7, 0.3})
    return false
  end
  return true
end

local function connected(answer)
  state.data.version = tonumber(answer.version) or state.data.version
  if check_version(answer) then
    panel.status("connected", state.data.table_id)
  end
  M.on_connected(answer)
end

-- Replaced by the play loop (polling, effects) when it is loaded.
function M.on_connected(_) end

function M.start(player)
  if state.data.url == "" then
    panel.status("failed", panel.text("need_url"))
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
        panel.status("failed", err)
        return
      end
      state.data.table_id = tostring(answer.table_id)
      state.data.token = tostring(answer.host_token)
      UI.setAttribute("hk_table", "text", state.data.table_id)
      UI.setAttribute("hk_token", "text", state.data.token)
      if player ~= nil and player.color ~= nil then
        broadcastToColor(panel.text("token_note"), player.color, {0.9, 0.9, 0.9})
      end
      connected(answer)
    end)
  else
    M.resume()
  end
end

function M.resume()
  panel.status("connecting")
  local path = "/v1/tables/" .. state.data.table_id
  http.request("GET", state.data.url, path, nil, state.data.token, function(ok, _, answer, err)
    if not ok then
      panel.status("failed", err)
      return
    end
    connected(answer)
  end)
end

return M
