-- Player actions sent to the rules server. Every action carries a fresh
-- request_id (reused by http.lua's retries, so nothing is applied twice) and
-- the table version the table shows, so an action aimed at a stale table is
-- refused; then the table catches up and the action is sent once more. A
-- refusal is shown to the player who acted, in the table's locale.
local state = require("hauntkit/state")
local http = require("hauntkit/http")
local sync = require("hauntkit/sync")
local words = require("hauntkit/words")

local M = {}

M.online = false      -- set by connect once the server accepted the token
M.session = tostring(os.time())

function M.new_request_id()
  state.data.requests = state.data.requests + 1
  return string.format("%s-%s-%d", state.data.table_id, M.session, state.data.requests)
end

local function tell(player, text)
  if player ~= nil and Player[player] ~= nil then
    broadcastToColor(text, player, {1, 0.45, 0.4})
  else
    broadcastToAll(text, {1, 0.45, 0.4})
  end
end

-- POST `body` to `route`; on_done(ok, answer_or_error_code, message).
local function send(route, player, body, on_done, stale_retry)
  local path = "/v1/tables/" .. state.data.table_id .. route
  body.expect_version = state.data.version
  http.request("POST", state.data.url, path, body, state.data.token, function(ok, code, answer, message, ecode)
    if ok then
      sync.accept(answer)
      if on_done then
        on_done(true, answer)
      end
      return
    end
    if ecode == "VERSION-STALE" and not stale_retry then
      sync.poll(function()
        send(route, player, body, on_done, true)
      end)
      return
    end
    if code == 0 then
      broadcastToAll(words.get("unreachable") .. " (" .. tostring(message) .. ")", {1, 0.7, 0.3})
    else
      tell(player, words.get("refused") .. tostring(message))
    end
    if on_done then
      on_done(false, ecode, message)
    end
  end)
end

-- Returns false (and does nothing) while the table is a sandbox.
function M.act(action, player, args, on_done)
  if not M.online then
    return false
  end
  send("/actions", player, {
    action = action, player = player, args = args or {}, request_id = M.new_request_id(),
  }, on_done)
  return true
end

-- Sit down (the /seats route; what a seat then chooses is the game's own action).
function M.sit(player, on_done)
  if not M.online then
    return false
  end
  send("/seats", player, {player = player, request_id = M.new_request_id()}, on_done)
  return true
end

-- Undo the last action, with the consent of the seats listed (the server
-- checks that every seated player agreed, and refuses what cannot be undone).
function M.undo(player, consent, on_done)
  if not M.online then
    return false
  end
  send("/undo", player, {consent = consent, request_id = M.new_request_id()}, on_done)
  return true
end

-- A new table token (the host's, from the panel): the old one stops
-- working. A retry carries the same request_id, and the server answers it
-- with the same new token, so a lost answer locks nobody out.
function M.new_token(done)
  if not M.online then
    return false
  end
  local path = "/v1/tables/" .. state.data.table_id .. "/token"
  http.request("POST", state.data.url, path, {request_id = M.new_request_id()}, state.data.token,
    function(ok, _, answer, message)
      if ok and type(answer.host_token) == "string" then
        state.data.token = answer.host_token
      end
      done(ok, message)
    end)
  return true
end

-- GET a table route ("/seats", "/legal?seat=Red"); done(ok, answer). The
-- one way besides actions that the table's scripts talk to the server.
function M.get(route, done)
  if not M.online then
    return false
  end
  http.request("GET", state.data.url, "/v1/tables/" .. state.data.table_id .. route, nil, state.data.token,
    function(ok, _, answer)
      done(ok, answer)
    end)
  return true
end

return M
