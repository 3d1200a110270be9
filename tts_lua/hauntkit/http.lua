-- JSON over WebRequest.custom, with the guards TTS does not give us.
-- `is_error` only reports transport failures, so a 4xx/5xx answer is turned
-- into an error here too, with the server's localized message when it sent
-- one. TTS has no request timeout: a Wait.time timer disposes a request that
-- hangs. A failed transport, a timeout, a 5xx or a 429 (after its
-- Retry-After) is retried with the very same body, so a POST keeps its request_id and the server answers a
-- repeat with the first answer instead of applying the action twice.
local config = require("hauntkit/config")

local M = {}

M.timeout = 10          -- seconds before a hanging request is disposed
M.retries = 2           -- extra attempts after the first
M.backoff = 1.5         -- seconds before the first retry, doubled each time

local function join(base, path)
  if string.sub(base, -1) == "/" then
    base = string.sub(base, 1, -2)
  end
  return base .. path
end

local function headers_for(token)
  local headers = {
    ["Content-Type"] = "application/json",
    ["Accept"] = "application/json",
    ["X-Hauntkit-Mod-Version"] = config.mod_version,
  }
  if token ~= nil and token ~= "" then
    headers["Authorization"] = "Bearer " .. token
  end
  return headers
end

local function decode(text)
  if text == nil or text == "" then
    return nil
  end
  local ok, value = pcall(JSON.decode, text)
  if ok and type(value) == "table" then
    return value
  end
  return nil
end

-- (message, code) of a refusal in the table's locale.
local function refusal(code, decoded)
  if type(decoded) == "table" and type(decoded.error) == "table" then
    local text = decoded.error.message
    if type(text) == "table" then
      text = text[config.locale] or text.en
    end
    local ecode = tostring(decoded.error.code)
    if text == nil or text == "" then
      return ecode, ecode
    end
    return tostring(text), ecode
  end
  return "HTTP " .. tostring(code), "HTTP-" .. tostring(code)
end

-- Refusals no retry can mend: the server's log writer has stopped, and
-- only the host restarting the server helps (retrying would only delay
-- telling the players so).
local FINAL = {["STORAGE-FAILED"] = true}

local function retryable(code, ecode)
  if FINAL[ecode] then
    return false
  end
  return code == 0 or code == 429 or code >= 500
end

-- callback(ok, code, answer, message, error_code). `code` is 0 when no
-- answer came (transport failure or timeout).
function M.request(method, base, path, body, token, callback, opts)
  opts = opts or {}
  local data = ""
  if body ~= nil then
    data = JSON.encode(body)
  end
  local url = join(base, path)
  local headers = headers_for(token)
  local attempts_left = opts.retries or M.retries
  local wait = M.backoff

  local attempt
  attempt = function()
    local finished = false
    local timer = nil
    local function finish(ok, code, answer, message, ecode, retry_after)
      if finished then
        return
      end
      finished = true
      if timer ~= nil then
        Wait.stop(timer)
      end
      if not ok and retryable(code, ecode) and attempts_left > 0 then
        attempts_left = attempts_left - 1
        Wait.time(attempt, math.max(wait, retry_after or 0))
        wait = wait * 2
        return
      end
      callback(ok, code, answer, message, ecode)
    end
    local req = WebRequest.custom(url, method, true, data, headers, function(r)
      if r.is_error then
        finish(false, 0, nil, tostring(r.error), "TRANSPORT")
        return
      end
      local code = tonumber(r.response_code) or 0
      local decoded = decode(r.text)
      if code >= 400 or decoded == nil or decoded.ok == false then
        local message, ecode = refusal(code, decoded)
        local retry_after = code == 429 and tonumber(r.getResponseHeader("Retry-After")) or nil
        finish(false, code, decoded, message, ecode, retry_after)
        return
      end
      finish(true, code, decoded, nil, nil)
    end)
    timer = Wait.time(function()
      timer = nil
      if not finished then
        if req ~= nil then
          req.dispose()
        end
        finish(false, 0, nil, "timeout", "TIMEOUT")
      end
    end, opts.timeout or M.timeout)
  end
  attempt()
end

return M
