"""Texts for protocol refusals and server notices, in every locale.

Rule refusals carry the engine's own message; these cover what the server
itself refuses, so a TTS player reads the reason in their language.
"""
from __future__ import annotations

LOCALES = ("zh-Hans", "zh-Hant", "en")

PROTOCOL = {
    "AUTH-MISSING": {"zh-Hans": "缺少牌桌令牌。", "zh-Hant": "缺少牌桌權杖。",
                     "en": "The table token is missing."},
    "AUTH-FORBIDDEN": {"zh-Hans": "此令牌不属于这张牌桌。", "zh-Hant": "此權杖不屬於這張牌桌。",
                       "en": "This token does not belong to this table."},
    "NOT-FOUND": {"zh-Hans": "找不到请求的内容。", "zh-Hant": "找不到請求的內容。",
                  "en": "Not found."},
    "VERSION-STALE": {"zh-Hans": "牌桌状态已更新，请刷新后重试。", "zh-Hant": "牌桌狀態已更新，請重新整理後再試。",
                      "en": "The table has moved on; refresh and try again."},
    "BAD-REQUEST": {"zh-Hans": "请求格式有误。", "zh-Hant": "請求格式有誤。",
                    "en": "The request is malformed."},
    "TOO-LARGE": {"zh-Hans": "请求内容过大。", "zh-Hant": "請求內容過大。",
                  "en": "The request body is too large."},
    "RATE-LIMITED": {"zh-Hans": "请求过于频繁，请稍后再试。", "zh-Hant": "請求過於頻繁，請稍後再試。",
                     "en": "Too many requests; try again shortly."},
    "METHOD-NOT-ALLOWED": {"zh-Hans": "不支持此请求方法。", "zh-Hant": "不支援此請求方法。",
                           "en": "This method is not allowed here."},
    "REQUEST-ID-REUSED": {"zh-Hans": "此请求编号已用于另一个操作。", "zh-Hant": "此請求編號已用於另一個動作。",
                          "en": "This request_id was already used for a different action."},
    "UNKNOWN-RULESET": {"zh-Hans": "没有这个规则集。", "zh-Hant": "沒有這個規則集。",
                        "en": "No such ruleset is installed."},
    "UNDO-NO-CONSENT": {"zh-Hans": "撤销需要所有在座玩家同意。", "zh-Hant": "撤銷需要所有在座玩家同意。",
                        "en": "Undo needs the consent of every seated player."},
    "UNDO-NOTHING": {"zh-Hans": "没有可撤销的操作。", "zh-Hant": "沒有可撤銷的動作。",
                     "en": "There is nothing to undo."},
    "UNDO-REVEALED": {"zh-Hans": "该操作掷了骰子、抽了卡或翻开了房间，不能撤销。",
                      "zh-Hant": "該動作擲了骰子、抽了卡或翻開了房間，不能撤銷。",
                      "en": "That action rolled dice, drew a card or revealed a tile; it cannot be undone."},
    "UNDO-NOT-HOST": {"zh-Hans": "只有房主可以撤销。", "zh-Hant": "只有房主可以撤銷。",
                      "en": "Only the host may undo."},
    "STORAGE-FAILED": {"zh-Hans": "服务器已无法保存牌局，请房主重启服务器；最后一个操作可能未被保存。",
                       "zh-Hant": "伺服器已無法儲存牌局，請房主重新啟動伺服器；最後一個動作可能未被儲存。",
                       "en": "The server can no longer save the game; the host must restart it. "
                             "The last action may not have been kept."},
    "INTERNAL": {"zh-Hans": "服务器内部错误，操作未生效。", "zh-Hant": "伺服器內部錯誤，動作未生效。",
                 "en": "Internal server error; nothing was changed."},
}


def protocol_message(code: str, detail: str = "") -> dict[str, str]:
    """The message for `code` in every locale; `detail` (English, for the
    developer: which field, what was expected) is appended to each."""
    base = PROTOCOL.get(code, PROTOCOL["BAD-REQUEST"])
    if not detail:
        return dict(base)
    return {loc: f"{text} ({detail})" for loc, text in base.items()}
