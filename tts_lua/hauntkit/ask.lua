-- Questions the server puts to a seat (the `ask` op): shown as an options
-- dialog to that seat only; the chosen option goes back as the action and
-- args the server attached to it. The Lua never works out which answers
-- are allowed: every option is the server's.
local client = require("hauntkit/client")
local ops = require("hauntkit/ops")
local words = require("hauntkit/words")

local M = {}

M.open = {}   -- seat → the ask op last shown to it

-- One options dialog to `seat`, answered by index (also a ruleset's menus).
function M.dialog(seat, text, labels, on_pick)
  local player = Player[seat]
  if player == nil then
    log("question for " .. tostring(seat) .. ": nobody to ask", "hauntkit")
    return
  end
  player.showOptionsDialog(text, labels, 1, function(_, index)
    on_pick(tonumber(index))
  end)
end

function M.show(e)
  M.open[e.seat] = e
  local options = e.options or {}
  if #options == 0 then
    return
  end
  local labels = {}
  for i, o in ipairs(options) do
    labels[i] = words.pick(o.label)
  end
  local title = words.pick(e.title)
  if title == "" then
    title = words.get("prompt")
  end
  M.dialog(e.seat, title, labels, function(index)
    local o = options[index]
    if o ~= nil then
      M.open[e.seat] = nil
      client.act(o.action, e.seat, o.args or {})
    end
  end)
end

ops.register("ask", M.show)

return M
