"""zh-Hant conversion keeps the game's Traditional Chinese terms (glossary of rules-house.md).

A plain s2twp conversion would leave 奸徒/神志/好人 as they are and turn
远程攻击 into the networking word 遠端攻擊; the glossary fixes each term.
"""
import pytest

from kit.hant import converter
from pipeline.content.texts import check_text, rules_for
from rulesets.house.kinds import CONTENT
from pipeline.content.errors import Sink
from pipeline.content.fields import At

to_hant = converter(CONTENT.glossary)

SENTENCES = [
    ("奸徒在回合结束时进行一次神志检定。", "背叛者在回合結束時進行一次精神檢定。"),
    ("揭露者进行作祟判定。", "預兆開啟者進行作祟檢定。"),
    ("好人可以袭击奸徒，也可以偷窃他的物品。", "冒險者可以攻擊背叛者，也可以偷竊他的物品。"),
    ("英雄用左轮手枪进行远程攻击。", "冒險者用左輪手槍進行遠程攻擊。"),
    ("你的伙伴留在房间里。", "你的夥伴留在房間裡。"),
    ("受到1点物理伤害和1点精神伤害。", "受到1點物理傷害和1點精神傷害。"),
    ("作祟阶段开始后，把记录轨道放在剧本旁边。", "作祟階段開始後，把記錄軌道放在劇本旁邊。"),
    ("击昏怪物后，它处于昏迷状态。", "擊昏怪物後，它處於昏迷狀態。"),
    ("抽一张预兆卡，然后抽一张事件卡和一张物品卡。", "抽一張預兆卡，然後抽一張事件卡和一張物品卡。"),
    ("探索阶段里，把房间板块面朝下洗匀。", "探索階段裡，把房間板塊面朝下洗勻。"),
    ("提升一项属性：力量、速度、知识或神志。", "提升一項屬性：力量、速度、知識或精神。"),
    ("你打开门，门后一片漆黑。", "你打開門，門後一片漆黑。"),
    ("钟的指针永远停在午夜。", "鐘的指針永遠停在午夜。"),
    ("远程武器不能偷窃。", "遠程武器不能偷竊。"),
    # Taiwan usage and punctuation (s2twp alone keeps the left-hand forms)
    ("骨制音叉挂在墙上。", "骨製音叉掛在牆上。"),                  # not 骨制
    ("红墨账簿", "紅墨帳簿"),                                      # not 賬簿
    ("铲面上还粘着煤渣。", "鏟面上還黏著煤渣。"),                  # not 粘著
    ("梳妆台上的八音盒", "梳妝檯上的音樂盒"),                      # not 八音盒
    ("她是电影摩托特技车手，也骑摩托车。", "她是電影機車特技車手，也騎機車。"),
    ("跌到地下室平台，再回到上层平台。", "跌到地下平台，再回到樓上平台。"),   # seed 001's landings
    ("平台上空无一人。", "平台上空無一人。"),                      # seed 001 writes 平台, not 平臺
    ("他说：“她说‘走’。”", "他說：「她說『走』。」"),              # Taiwan quotation marks
]


@pytest.mark.parametrize("hans,hant", SENTENCES)
def test_glossary_terms_survive_conversion(hans, hant):
    """Glossary (rules-house.md): traitor 背叛者, Sanity 精神, hero 冒險者, revealer 預兆開啟者…"""
    assert to_hant(hans) == hant


def test_plain_converter_alone_would_get_these_wrong():
    import opencc
    plain = opencc.OpenCC("s2twp")
    assert plain.convert("远程攻击") == "遠端攻擊"        # why the glossary exists
    assert plain.convert("奸徒") == "奸徒"
    assert to_hant("远程攻击") == "遠程攻擊"
    assert to_hant("奸徒") == "背叛者"


def test_longest_term_wins():
    assert to_hant("作祟判定") == "作祟檢定"          # not 作祟 + 判定
    assert to_hant("作祟") == "作祟"


def test_hand_written_zh_hant_wins():
    sink = Sink()
    text = check_text(At(sink, "x.yaml", "t", 1),
                      {"zh-Hans": "奸徒获胜。", "zh-Hant": "叛徒勝利。", "en": "The traitor wins."})
    assert text["zh-Hant"] == "叛徒勝利。" and not sink.problems


def test_missing_zh_hant_is_converted():
    sink = Sink()
    with rules_for(CONTENT.text_tokens, CONTENT.glossary):
        text = check_text(At(sink, "x.yaml", "t", 1), {"zh-Hans": "奸徒获胜。", "en": "The traitor wins."})
    assert text == {"zh-Hans": "奸徒获胜。", "zh-Hant": "背叛者獲勝。", "en": "The traitor wins."}


def test_icon_tokens_pass_through_untouched():
    assert to_hant("进行一次:sanity:检定。") == "進行一次:sanity:檢定。"


def test_taiwan_quotation_marks_come_from_the_shared_glossary():
    """Every game's zh-Hant, and every word catalog converted with no game
    glossary at all, quotes with 「 」 and 『 』."""
    assert converter(None)("门上写着“别进来”，他说：“她说‘走’。”") == "門上寫著「別進來」，他說：「她說『走』。」"
