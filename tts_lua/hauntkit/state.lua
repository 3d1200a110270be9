-- Persistent table state: what Global's onSave returns and onLoad gets back.
-- onSave runs at every rewind checkpoint, so this stays small and flat.
local config = require("hauntkit/config")

local M = {}

local function defaults()
  return {
    url = config.server_url,
    table_id = "",
    token = "",
    version = 0,        -- last table version whose ops are all applied
    seq = -1,           -- last op applied of version + 1 (resume mid-list)
    requests = 0,       -- request_id counter, so ids stay unique across reloads
    tokens = {},        -- server token id → GUID of the object spawned for it
    faces = {},         -- die GUID → the face the server last showed on it
    links = {},         -- colour → the link to its own page (it carries the colour's seat token)
    links_table = "",   -- the table those links are for
    mod_version = config.mod_version,
  }
end

M.data = defaults()

function M.load(script_state)
  M.data = defaults()
  if script_state == nil or script_state == "" then
    return M.data
  end
  local ok, saved = pcall(JSON.decode, script_state)
  if not ok or type(saved) ~= "table" then
    log("ignoring unreadable script state", "hauntkit")
    return M.data
  end
  for key, value in pairs(saved) do
    if M.data[key] ~= nil and type(value) == type(M.data[key]) then
      M.data[key] = value
    end
  end
  M.data.mod_version = config.mod_version
  return M.data
end

function M.dump()
  return JSON.encode(M.data)
end

return M
