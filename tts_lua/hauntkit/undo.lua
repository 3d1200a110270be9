-- Undo by consent: the host's Undo button asks every seated player, each
-- in a dialog shown to their own colour; once all of them agree the
-- server's undo is called, which refuses what cannot be undone (a roll, a
-- card drawn) and says why. One "no" ends the round; a new click starts a
-- new one, and answers to an older round count for nothing.
local client = require("hauntkit/client")
local ask = require("hauntkit/ask")
local words = require("hauntkit/words")

local M = {}

M.round = nil      -- {seats, agreed = {seat → true}, left, host}

local function tell_all(text)
  broadcastToAll(text, {0.9, 0.85, 0.6})
end

local function answered(round, seat, yes)
  if M.round ~= round or round.agreed[seat] then
    return
  end
  if not yes then
    M.round = nil
    tell_all(words.get("undo_refused", seat))
    return
  end
  round.agreed[seat] = true
  round.left = round.left - 1
  if round.left == 0 then
    M.round = nil
    client.undo(round.host, round.seats)
  end
end

local function ask_all(host, seats)
  for _, seat in ipairs(seats) do
    local player = Player[seat]
    if player == nil or player.seated == false then
      broadcastToColor(words.get("undo_absent", seat), host, {1, 0.7, 0.4})
      return
    end
  end
  local round = {seats = seats, agreed = {}, left = #seats, host = host}
  M.round = round
  tell_all(words.get("undo_asked"))
  for _, seat in ipairs(seats) do
    ask.dialog(seat, words.get("undo_question"), {words.get("undo_yes"), words.get("undo_no")}, function(index)
      answered(round, seat, index == 1)
    end)
  end
end

-- The host clicked Undo: the seats to ask are the server's (GET /seats).
function M.start(host)
  if not client.online then
    broadcastToColor(words.get("offline_once"), host, {0.8, 0.8, 0.8})
    return
  end
  client.get("/seats", function(ok, answer)
    if not ok then
      return
    end
    local seats = {}
    for _, s in ipairs(answer.seats or {}) do
      if s.seated then
        table.insert(seats, s.seat)
      end
    end
    if #seats > 0 then
      ask_all(host, seats)
    end
  end)
end

return M
