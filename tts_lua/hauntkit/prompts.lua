-- Prompts the server asks a seat (rotation of a new tile, a roll, a choice,
-- a damage split): shown as an options dialog to that seat; the chosen
-- option goes back as the action and args the server attached to it. A
-- damage split is asked one point at a time among the splits the server
-- lists as legal, so the Lua never works out which traits may take damage.
local state = require("hauntkit/state")
local http = require("hauntkit/http")
local client = require("hauntkit/client")
local effects = require("hauntkit/effects")
local words = require("hauntkit/words")

local M = {}

M.open = {}   -- seat → the prompt effect last shown to it

local TRAITS = {"might", "speed", "knowledge", "sanity"}

-- A trait's name as the server sent it with the prompt (the content's terms).
local function trait_name(e, trait)
  local names = type(e.trait_names) == "table" and e.trait_names or {}
  if names[trait] ~= nil then
    return words.pick(names[trait])
  end
  return tostring(trait)
end

local function title(e)
  local text = words.pick(e.text)
  if text == "" then
    text = words.get("prompt")
    if e.trait ~= nil then
      text = text .. ": " .. trait_name(e, e.trait)
    end
  end
  return text
end

-- Also the board's "Actions…" menu: one options dialog, answered by index.
function M.ask(seat, text, labels, on_pick)
  local player = Player[seat]
  if player == nil then
    log("prompt for " .. tostring(seat) .. ": nobody to ask", "hauntkit")
    return
  end
  player.showOptionsDialog(text, labels, 1, function(_, index)
    on_pick(tonumber(index))
  end)
end

local function fits(split, chosen)
  for _, trait in ipairs(TRAITS) do
    if (tonumber(split[trait]) or 0) < (chosen[trait] or 0) then
      return false
    end
  end
  return true
end

local function same(split, chosen)
  for _, trait in ipairs(TRAITS) do
    if (tonumber(split[trait]) or 0) ~= (chosen[trait] or 0) then
      return false
    end
  end
  return true
end

-- One damage point at a time among the legal splits.
local function split_step(e, seat, amount, splits, chosen, given)
  if given >= amount then
    for _, split in ipairs(splits) do
      if same(split, chosen) then
        client.act("split_damage", seat, {split = split})
        return
      end
    end
    log("damage split matches no legal split", "hauntkit")
    return
  end
  local options, labels = {}, {}
  for _, trait in ipairs(TRAITS) do
    local next_chosen = {}
    for k, v in pairs(chosen) do
      next_chosen[k] = v
    end
    next_chosen[trait] = (next_chosen[trait] or 0) + 1
    for _, split in ipairs(splits) do
      if fits(split, next_chosen) then
        table.insert(options, trait)
        table.insert(labels, trait_name(e, trait))
        break
      end
    end
  end
  local function take(trait)
    chosen[trait] = (chosen[trait] or 0) + 1
    split_step(e, seat, amount, splits, chosen, given + 1)
  end
  if #options == 1 then
    take(options[1])
    return
  end
  M.ask(seat, words.get("damage_step", amount - given), labels, function(index)
    if options[index] ~= nil then
      take(options[index])
    end
  end)
end

local function damage(e)
  local seat = e.seat
  local path = "/v1/tables/" .. state.data.table_id .. "/legal?seat=" .. seat
  http.request("GET", state.data.url, path, nil, state.data.token, function(ok, _, answer)
    if not ok then
      return
    end
    local splits = {}
    for _, a in ipairs(answer.actions or {}) do
      if a.action == "split_damage" and type(a.args) == "table" and type(a.args.split) == "table" then
        table.insert(splits, a.args.split)
      end
    end
    if #splits > 0 then
      split_step(e, seat, tonumber(e.amount) or 0, splits, {}, 0)
    end
  end)
end

function M.show(e)
  M.open[e.seat] = e
  if e.prompt == "damage" then
    damage(e)
    return
  end
  local options = e.options or {}
  if #options == 0 then
    return
  end
  local labels = {}
  for i, o in ipairs(options) do
    labels[i] = words.pick(o.label)
  end
  M.ask(e.seat, title(e), labels, function(index)
    local o = options[index]
    if o ~= nil then
      M.open[e.seat] = nil
      client.act(o.action, e.seat, o.args or {})
    end
  end)
end

effects.register("prompt", M.show)

return M
