-- What players did on the table, as reported by object scripts: the raw
-- material the play loop turns into server actions. Kept as a bounded queue
-- so nothing grows without limit while no server is connected.
local M = {}

M.queue = {}
M.limit = 64

local kinds = {drop = true, pickup = true, rotate = true, roll = true}

function M.record(params)
  if type(params) ~= "table" or not kinds[params.kind] then
    return false
  end
  table.insert(M.queue, {
    kind = params.kind, guid = params.guid, player = params.player,
    role = params.role,
  })
  while #M.queue > M.limit do
    table.remove(M.queue, 1)
  end
  return true
end

function M.take()
  local out = M.queue
  M.queue = {}
  return out
end

return M
