"""kehr_engine.language: a page's language from jusText's stoplists, or from its script."""

from __future__ import annotations

import justext
import pytest

from kehr_engine.language import ISO_CODES, guess_language, stoplist

# A few sentences of running text per language (written for this test).
SAMPLES = {
    "en": "The council said that the new bridge would be open to traffic by the end of the "
    "year, although some of the work on the roads around it has not yet started.",
    "de": "Der Gemeinderat hat am Dienstag beschlossen, dass die neue Brücke noch in diesem "
    "Jahr für den Verkehr freigegeben wird, obwohl die Arbeiten an den Straßen nicht "
    "begonnen haben.",
    "es": "El ayuntamiento dijo que el nuevo puente estará abierto al tráfico antes del final "
    "del año, aunque algunas de las obras en las calles todavía no han comenzado.",
    "fr": "Le conseil municipal a annoncé que le nouveau pont sera ouvert à la circulation "
    "avant la fin de l'année, même si les travaux sur les routes ne sont pas encore commencés.",
    "ru": "Городской совет сообщил, что новый мост будет открыт для движения до конца года, "
    "хотя работы на дорогах вокруг него ещё не начались.",
    "ar": "قال المجلس البلدي إن الجسر الجديد سيفتح أمام حركة المرور قبل نهاية العام، على الرغم "
    "من أن بعض الأعمال في الطرق المحيطة به لم تبدأ بعد.",
    "zh": "市议会表示，新桥将在年底前通车，"  # noqa: RUF001 (a Chinese comma)
    "尽管周边道路的部分工程尚未开始。这座桥连接了城市的两个区。",
    "ja": "市議会は、新しい橋が年末までに開通すると発表しましたが、"
    "周辺の道路の工事はまだ始まっていません。",
    "th": "สภาเมืองกล่าวว่าสะพานใหม่จะเปิดให้สัญจรได้ก่อนสิ้นปี แม้ว่างานถนนรอบๆ จะยังไม่เริ่ม",
}


@pytest.mark.parametrize("code", sorted(SAMPLES))
def test_guesses_the_language_of_running_text(code: str) -> None:
    # Split into nodes as a page would be, with a short menu first.
    texts = ["Home", "Menu", *SAMPLES[code].split(". "), "©"]
    assert guess_language(texts) == code


def test_a_chinese_page_with_an_english_menu_is_chinese() -> None:
    menu = ["Home", "About us", "Contact", "Login", "Search"]
    assert guess_language([*menu, SAMPLES["zh"] * 3]) == "zh"


def test_a_few_latin_letters_in_a_german_page_do_not_make_it_chinese() -> None:
    assert guess_language([SAMPLES["de"], "中文"]) == "de"


@pytest.mark.parametrize(
    "texts",
    [[], [""], ["   "], ["12345 67 890"], ["Home"], ["xqzv blorf quing zzt pflim wrokt"]],
)
def test_unsure_gives_an_empty_code(texts: list[str]) -> None:
    assert guess_language(texts) == ""


def test_reads_only_the_start_of_a_long_page() -> None:
    # German first; a flood of English afterwards lies beyond what is read.
    texts = [SAMPLES["de"]] * 200 + [SAMPLES["en"]] * 2000
    assert guess_language(texts) == "de"


def test_running_text_outweighs_a_long_menu_before_it() -> None:
    menu = [f"Produkte {i}" for i in range(3000)]  # short nodes: read after long ones
    assert guess_language([*menu, *[SAMPLES["es"]] * 4]) == "es"


def test_every_mapped_name_is_a_jusText_stoplist() -> None:
    names = set(justext.get_stoplists())
    assert set(ISO_CODES) <= names
    assert all(len(code) == 2 and code.islower() for code in ISO_CODES.values())


def test_stoplist_by_code() -> None:
    assert {"und", "der", "nicht"} <= stoplist("de")
    # English and Simple English both map to "en": the union of both lists.
    assert stoplist("en") >= justext.get_stoplist("Simple_English")
    assert stoplist("xx") == frozenset()
