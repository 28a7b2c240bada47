"""Sentences of the ruling: whole sentences in plain words, no engine names (issue 21's wording defects)."""
from pathlib import Path

import pytest
from helpers import ruling

from engine.explain.texts import describe

CASES = Path(__file__).resolve().parent.parent / "cases"


def texts(path: str) -> list[str]:
    return [c.text for c in ruling((CASES / path).read_text()).conclusions]


def test_73F2_the_deception_is_said_in_words():
    said = [t for t in texts("law73/73f2-deceptive-hesitation-damages-declarer.yaml") if t.startswith("West ")]
    assert any("misled an opponent" in t for t in said), said
    assert not [t for t in said if "illegal_deception" in t or "_" in t]


def test_75_a_mistaken_explanation_found_as_such_is_not_called_presumed():
    found = texts("law75/75-mistaken-explanation-damaged-east-west.yaml")  # agreement: call
    presumed = texts("law75/75-presumed-mistaken-explanation.yaml")  # agreement: unknown
    assert "North gave a mistaken explanation of the partnership agreement." in found
    assert not [t for t in found if "presumed" in t]
    assert [t for t in presumed if "presumed, absent clear evidence of a mistaken call" in t]


@pytest.mark.parametrize("objector,text", [
    ("W", "West disputed South's claim: the director is called and rules under Laws 70 and 71."),
    (None, "South's claim was disputed: the director is called and rules under Laws 70 and 71."),
])
def test_68D_the_disputed_claim_is_one_sentence(objector, text):
    from engine.input.chapters import load_all
    load_all()  # the claims chapter's sentences
    assert describe("claim_disputed", {"by": "S", "objector": objector, "law": "68D"}, None) == text


def test_50D_the_minor_penalty_card_duty_names_its_suit():
    said = texts("law50/50c-dropped-small-card-minor.yaml")
    duty = [t for t in said if "below the ten" in t]
    assert duty == ["East may not play another card below the ten in spades before the six of spades (an honour "
                    "may be played instead)."]
