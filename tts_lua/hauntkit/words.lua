-- Words the play loop shows on the table, in the save's locale. They come
-- with the generated config (the shared catalog's and the ruleset's `lua`
-- groups, kit/words.py), so the Lua keeps no texts of its own.
local config = require("hauntkit/config")

local M = {}

-- A {zh-Hans, zh-Hant, en} text from the server in the table's locale.
function M.pick(text)
  if type(text) ~= "table" then
    return text ~= nil and tostring(text) or ""
  end
  return text[config.locale] or text.en or text["zh-Hans"] or ""
end

-- The word `key` (string.format placeholders filled with the rest).
function M.get(key, ...)
  local text = (config.words or {})[key]
  if text == nil then
    return key
  end
  if select("#", ...) > 0 then
    return string.format(text, ...)
  end
  return text
end

return M
