-- JSON over WebRequest.custom. `is_error` only reports transport failures, so
-- a 4xx/5xx answer is turned into an error here too, with the server's
-- localized message when it sent one.
local config = require("hauntkit/config")

local M = {}

local function join(base, path)
  if string.sub(base, -1) == "/" then
    base = string.sub(base, 1, -2)
  end
  return base .. path
end

function M.request(method, base, path, body, token, callback)
  local headers = {
    ["Content-Type"] = "application/json",
    ["Accept"] = "application/json",
    ["X-Hauntkit-Mod-Version"] = config.mod_version,
  }
  if token ~= nil and token ~= "" then
    headers["Authorization"] = "Bearer " .. token
  end
  local data = ""
  if body ~= nil then
    data = JSON.encode(body)
  end
  return WebRequest.custom(join(base, path), method, true, data, headers, function(req)
    if req.is_error then
      callback(false, 0, nil, req.error)
      return
    end
    local decoded = nil
    if req.text ~= nil and req.text ~= "" then
      local ok, value = pcall(JSON.decode, req.text)
      if ok then
        decoded = value
      end
    end
    local code = req.response_code
    if code >= 400 or decoded == nil or decoded.ok == false then
      local message = "HTTP " .. tostring(code)
      if type(decoded) == "table" and type(decoded.error) == "table" then
        local text = decoded.error.message
        if type(text) == "table" then
          text = text[config.locale] or text.en
        end
        message = tostring(decoded.error.code) .. ": " .. tostring(text)
      end
      callback(false, code, decoded, message)
      return
    end
    callback(true, code, decoded, nil)
  end)
end

return M
