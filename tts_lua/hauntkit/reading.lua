-- The reading panels: one per player colour in the XmlUI, each visible to
-- that colour only (`visibility`), filled from the server's `show_text`
-- instructions (a game's secret rules for one side). The host's TTS
-- receives every instruction, those meant for some seats only included, so
-- a text goes only into the panels of the colours its `visible_to` names
-- (every colour when it is public). Each panel can be closed and reopened,
-- and once a colour has a text of its own to read the host asks the server
-- for that colour's seat token and puts the link to its own page (a phone,
-- a browser) in that colour's panel only.
local config = require("hauntkit/config")
local ops = require("hauntkit/ops")
local http = require("hauntkit/http")
local state = require("hauntkit/state")
local words = require("hauntkit/words")

local M = {}

M.COLOURS = config.colours      -- the colours the build made a panel for
M.shown = {}      -- colour → {panel, title, text}: what its panel holds now
M.asking = {}     -- colour → true while its seat token is being asked for

local known = {}
for _, c in ipairs(M.COLOURS) do
  known[c] = true
end

local function id(colour, part)
  return "hk_read_" .. colour .. (part and ("_" .. part) or "")
end

-- The colours an op is for: those its visible_to names, else every colour.
function M.audience(e)
  local out = {}
  if type(e.visible_to) == "table" then
    for _, c in ipairs(e.visible_to) do
      if known[c] then
        table.insert(out, c)
      end
    end
    return out
  end
  for _, c in ipairs(M.COLOURS) do
    table.insert(out, c)
  end
  return out
end

local function paragraphs(e)
  local list = words.pick(e.paragraphs)
  if type(list) ~= "table" then
    return tostring(list or "")
  end
  local parts = {}
  for _, p in ipairs(list) do
    table.insert(parts, tostring(p))
  end
  return table.concat(parts, "\n\n")
end

-- The links (with their seat tokens) belong to one table: another table starts afresh.
local function links()
  if state.data.links_table ~= state.data.table_id then
    state.data.links = {}
    state.data.links_table = state.data.table_id
  end
  return state.data.links
end

function M.open(colour)
  if known[colour] and M.shown[colour] ~= nil then
    UI.show(id(colour))
    UI.hide(id(colour, "reopen"))
  end
end

function M.close(colour)
  if not known[colour] then
    return
  end
  UI.hide(id(colour))
  if M.shown[colour] ~= nil then
    UI.show(id(colour, "reopen"))
  end
end

local function put_link(colour)
  local url = links()[colour]
  if url ~= nil then
    UI.setAttribute(id(colour, "link"), "text", url)
    UI.setAttribute(id(colour, "links"), "active", "true")
  end
end

-- The host's token asks for `colour`'s own seat token (a new one replaces
-- the old, so it is asked once per table and kept in the script state).
function M.ask_link(colour)
  if links()[colour] ~= nil then
    put_link(colour)
    return
  end
  if M.asking[colour] or state.data.table_id == "" or state.data.token == "" then
    return
  end
  M.asking[colour] = true
  local path = "/v1/tables/" .. state.data.table_id .. "/seat-tokens"
  http.request("POST", state.data.url, path, {seat = colour}, state.data.token, function(ok, _, answer, message)
    M.asking[colour] = nil
    if not ok or type(answer) ~= "table" or type(answer.seat_token) ~= "string" then
      log("no page link for " .. colour .. ": " .. tostring(message), "hauntkit")
      return
    end
    -- The server the host's table reaches (a player's phone needs it reachable too).
    local base = string.gsub(state.data.url, "/+$", "") .. "/v1/tables/" .. state.data.table_id
    links()[colour] = base .. "/page?seat=" .. colour .. "&token=" .. answer.seat_token
    put_link(colour)
  end)
end

-- The `show_text` op.
function M.show(e)
  local title, text = words.pick(e.title), paragraphs(e)
  for _, colour in ipairs(M.audience(e)) do
    local before = M.shown[colour]
    local same = before ~= nil and before.title == title and before.text == text
    M.shown[colour] = {panel = e.panel, title = title, text = text}
    UI.setValue(id(colour, "title"), title)
    UI.setValue(id(colour, "text"), text)
    if not ops.quiet then
      M.open(colour)
    elseif not same then
      M.close(colour)          -- laid out again (a reload): there to reopen, not in the way
    end
    if type(e.visible_to) == "table" then
      M.ask_link(colour)
    end
  end
end

ops.register("show_text", M.show)

return M
