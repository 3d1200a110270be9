-- Object script of a die: reports gestures (rolls too) to Global.
require("objects/wire")("die", {drop = true, pickup = true, roll = true})
