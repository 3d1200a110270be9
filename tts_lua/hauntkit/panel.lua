-- The connect panel (Global XmlUI): fields for the server URL, table id and
-- token, a connect button and a status line in the table's language.
local config = require("hauntkit/config")
local state = require("hauntkit/state")

local M = {}

function M.text(key, detail)
  local text = config.strings[key] or key
  if detail ~= nil and detail ~= "" then
    text = text .. " " .. detail
  end
  return text
end

function M.clean(value)
  value = tostring(value or "")
  return (string.gsub(value, "^%s*(.-)%s*$", "%1"))
end

function M.init()
  UI.setAttribute("hk_url", "text", state.data.url)
  UI.setAttribute("hk_table", "text", state.data.table_id)
  UI.setAttribute("hk_token", "text", state.data.token)
  UI.setValue("hk_version", config.mod_version)
end

local colors = {
  offline = "#c8c8c8", connecting = "#f4d03f", connected = "#7dcea0",
  failed = "#ec7063", outdated = "#f5b041",
}

function M.status(key, detail)
  local text = M.text("status_" .. key, detail)
  UI.setValue("hk_status", text)
  UI.setAttribute("hk_status", "color", colors[key] or "#ffffff")
  M.last = {key = key, text = text}
  return text
end

return M
