"""The page as a director uses it (issue 22), end to end in headless Chromium, and the data behind it.

A ruling during play is marked provisional (what the law says if attention were drawn now) and final
when play ends; every option the law gives can be recorded (after 54D the 50E2 choices are still
open; the refused card leaves the trick; after 54A the contract names the new declarer); a claim shows
its least successful normal line with the point where it loses a trick, and each judgment on it has
buttons that record the answer and rule again; the words are a director's, and an error stands beside
the control that caused it.  Screenshots at 1400 and 800 pixels are written for a person to look at
(``BRIDGE_TD_SCREENSHOT_DIR``).
"""
import json
import os
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from engine.commands.intake import draft_from_games, rule_draft
from engine.commands.web import claim_judgments, claim_view, page_data
from engine.explain.ruling import rule_case
from engine.input import pbn
from engine.input.caseio import case_from_data
from engine.input.sources import load_input
import yaml

from webpage import EXAMPLES, ROOT, served as served_folder  # the server and browser fixtures: conftest.py
from test_web_intake import _conclusions, _wait_idle

BOARD3 = draft_from_games(pbn.load_games(EXAMPLES / "club-revokes.pbn"), "club-revokes.pbn", 1)["draft"]
DEAL_54 = "N:KQ4.863.AQJ5.K72 765.T52.8432.T53 AJ3.A74.KT9.AQJ4 T982.KQJ9.76.986"
TRUMP_CASE = "law70/70c-forgotten-trump-ruffs-a-winner.yaml"
SERVED = [ROOT / "cases", EXAMPLES]  # the casebook first: its files are 0/...


def _shot(driver, tmp_path, name):
    """A screenshot of the whole page at the window's width, kept for a person to look at."""
    width = driver.execute_script("return window.innerWidth")
    height = driver.execute_script("return document.documentElement.scrollHeight")
    size = driver.get_window_size()
    driver.set_window_size(size["width"], min(height + 140, 5000))
    shot = driver.get_screenshot_as_png()
    driver.set_window_size(size["width"], size["height"])
    (tmp_path / f"{name}-{width}.png").write_bytes(shot)
    if os.environ.get("BRIDGE_TD_SCREENSHOT_DIR"):
        Path(os.environ["BRIDGE_TD_SCREENSHOT_DIR"], f"{name}.png").write_bytes(shot)
    return shot


def _rulings(driver):
    return int(driver.find_element("tag name", "body").get_attribute("data-rulings") or 0)


def _wait_ruled(wait, before):
    """Until the page has received a ruling after ``before`` ones and is idle."""
    wait.until(lambda d: _rulings(d) > before and d.find_element("tag name", "body").get_attribute("data-busy") == "0")


def _no_overflow(driver, width):
    overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, (width, overflow)


def _start_typed(driver, wait, deal, board):
    from selenium.webdriver.common.by import By

    driver.find_element(By.ID, "mode-intake").click()
    hands = deal[2:].split()
    for seat, hand in zip("NESW", hands):
        box = driver.find_element(By.ID, f"in-{seat}")
        box.clear()
        box.send_keys(hand)
    field = driver.find_element(By.ID, "in-board")
    field.clear()
    field.send_keys(str(board))
    driver.find_element(By.ID, "hands-start").click()
    _wait_idle(wait, 0)


def _click_card(driver, wait, entry, entries):
    from selenium.webdriver.common.by import By

    seat, card = entry.split(":")
    driver.find_element(By.CSS_SELECTOR, f"#hand-{seat} button.card[data-card='{card}']").click()
    _wait_idle(wait, entries)


# -- the data --------------------------------------------------------------------------------------


def test_the_live_ruling_is_provisional_until_play_ends():
    after = lambda n: rule_draft({**BOARD3, "play": BOARD3["play"][:n]}, page_data)  # noqa: E731
    two = after(2)
    # East's revoke in trick 2, not yet established: 62A is what follows if attention is drawn now.
    assert two["standing"] == "provisional" and "as if attention were drawn now" in two["ruling"]["standing"]["text"]
    flags = {c["kind"]: c["provisional"] for c in two["ruling"]["conclusions"]}
    assert flags == {"revoke": False, "revoke_must_be_corrected": True}
    assert two["ruling"]["result"].startswith("Play goes on")
    assert not any("cannot be counted" in n or "add result" in n for n in two["ruling"]["notes"])
    three = after(3)
    flags = {c["kind"]: c["provisional"] for c in three["ruling"]["conclusions"]}
    assert flags["no_revoke_penalty"] is True
    # what has already happened is not "if attention were drawn now": the revoke is established, the trick stands
    assert flags["revoke_established"] is False and flags["trick_stands"] is False
    end = after(13)
    assert end["standing"] == "final" and end["ruling"]["standing"]["final"]
    assert not any(c["provisional"] for c in end["ruling"]["conclusions"])
    assert ("trick_transfer", "64A2") in [(c["kind"], c["law"]) for c in end["ruling"]["conclusions"]]


def test_a_refused_lead_leaves_the_trick_and_54a_names_the_new_declarer():
    draft = {"deal": DEAL_54, "board": 7, "contract": "6NT", "declarer": "S", "play": [["E:S5"]],
             "events": [{"at": "T1.1", "kind": "option_chosen", "by": "S", "option": "refuse_lead"}]}
    state = rule_draft(draft, page_data)
    row = state["ruling"]["tricks"][0]
    assert row["cards"]["E"]["card"] is None and row["cards"]["E"]["withdrawn"] == [{"card": "S5", "why": "lead refused"}]
    assert row["leader"] is None  # West, the proper leader, has not led yet
    assert "S5" in state["play"]["held"]["E"] and state["play"]["turn"] == "W"
    draft["events"][0]["option"] = "spread_hand"
    state = rule_draft(draft, page_data)
    assert "6NT by North (South faced his hand and is dummy, 54A)" in state["ruling"]["case"]["board_line"]
    # The whole record: the refused card is shown apart, East's card in trick 1 is the heart two.
    ruling = rule_case(load_input(ROOT / "cases/law54/54d-declarer-refuses-opening-lead.yaml"))
    first = page_data(ruling)["tricks"][0]
    assert first["cards"]["E"]["card"] == "H2" and first["cards"]["E"]["withdrawn"][0]["card"] == "S5"
    assert first["leader"] == "W"


def test_claim_line_departures_and_judgments():
    ruling = rule_case(load_input(ROOT / "cases" / TRUMP_CASE))
    view = claim_view(ruling)
    assert view["best"] == 4 and view["class"] == "club"
    lost = [t["number"] for t in view["line"] if t["lost"]]
    assert lost == [12]
    (short,) = [c for t in view["line"] for c in t["cards"] if c["falls_short"]]
    assert (short["seat"], short["card"]) == ("S", "HQ") and "order of play open" in short["why_text"]
    # the reason in words for the card that loses the trick: what the count missed, and why it is normal
    assert short["note"].startswith("Trick 12: South leads the queen of hearts: here the line first loses a trick")
    assert "Why: his count did not see the trump West still holds." in short["note"]
    assert [c["note"] for t in view["line"] for c in t["cards"] if c["note"]] == [short["note"]]
    items = {j["id"]: j for j in claim_judgments(ruling)}
    aware = items["aware_of_trumps"]
    assert aware["record"] == {"event": 0, "field": "aware_of_trumps"}
    assert "aware_of_trumps" not in aware["question"]
    # each play where the least successful line departs from the best normal one: drawn, costed and asked
    (dep,) = view["departures"]
    assert "costs 1 trick" in dep["text"]
    assert [c["departure"] for t in view["line"] for c in t["cards"] if c["card"] == "HQ"] == [0]
    item = items["departure-0"]
    assert [c["value"] for c in item["choices"]] == ["normal", "not_normal"]
    assert item["record"] == {"event": 0, "play": {"seat": "S", "card": "HQ", "as": "lead"}}
    assert "answer" not in item or item["answer"] is None
    # the director's answer, recorded on the claim, is read back: not normal takes the play out of the line
    data = yaml.safe_load((ROOT / "cases" / TRUMP_CASE).read_text())
    claim = next(e for e in data["events"] if e["kind"] == "claim")
    claim["not_normal"] = [{"seat": "S", "card": "HQ", "as": "lead"}]
    again = rule_case(case_from_data(data, "t.yaml"))
    assert again.table.claim_line["departures"] == [] or all(
        (d["seat"], d["card"]) != ("S", "HQ") for d in again.table.claim_line["departures"])
    claim.pop("not_normal")
    claim["normal"] = [{"seat": "S", "card": "HQ"}]
    again = rule_case(case_from_data(data, "t.yaml"))
    (d,) = again.table.claim_line["departures"]
    assert d["answer"] == "normal" and not any(c.kind == "line_departure" for c in again.conclusions)


def test_hesitation_is_marked_at_the_call_it_came_before():
    from engine.commands.intake import case_data

    draft = json.loads(json.dumps(BOARD3))
    draft["auction"][5]["marks"] = ["hesitation"]  # West thinks long before passing 1NT
    data = case_data(draft)
    assert data["ui"] == {"how": "hesitation", "by": "W", "received_by": "E", "call": 6, "action": "Pass"}
    view = rule_draft(draft, page_data)["ruling"]["auction"]
    assert [n for n, c in enumerate(view["calls"], 1) if "hesitation" in c["marks"]] == [6]


# -- end to end ------------------------------------------------------------------------------------


def test_live_ruling_marked_provisional_then_final_and_words(server, browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    driver.get(server + "/")
    driver.find_element(By.ID, "mode-intake").click()
    # Board 0 is refused beside the board field; undo before anything says so.
    driver.find_element(By.ID, "undo").click()
    assert "Nothing to undo" in driver.find_element(By.ID, "undo-error").text
    board = driver.find_element(By.ID, "in-board")
    board.clear()
    board.send_keys("0")
    assert "not a board number" in driver.find_element(By.ID, "board-error").text
    assert not driver.find_element(By.ID, "hands-start").is_enabled()
    wait.until(lambda d: len(Select(d.find_element(By.ID, "hr-file")).options) >= 3)
    Select(driver.find_element(By.ID, "hr-file")).select_by_visible_text("club-hands.pbn: board 3, game 1")
    driver.find_element(By.ID, "hr-start").click()
    _wait_idle(wait, 0)
    for n, call in enumerate(["P", "P", "1D", "P", "1NT", "P", "3NT", "P", "P", "P"], start=1):
        driver.find_element(By.ID, "typed").send_keys(call + "\n")
        _wait_idle(wait, n)
    # A card typed wrong: the error stands beside the field, not in the box on the left.
    driver.find_element(By.ID, "typed").send_keys("ZZ\n")
    assert "is not a card" in driver.find_element(By.ID, "typed-error").text
    assert driver.find_element(By.ID, "intake-error").text == ""
    entries = 10
    for trick in BOARD3["play"][:2]:
        for entry in trick:
            entries += 1
            _click_card(driver, wait, entry, entries)
    # After trick 2 the revoke is what happened; 62A is what would follow if attention were drawn now.
    standing = driver.find_element(By.ID, "standing")
    assert "provisional" in standing.get_attribute("class") and "as if attention were drawn now" in standing.text
    item = driver.find_element(By.CSS_SELECTOR, "li.conclusion[data-kind='revoke_must_be_corrected']")
    assert item.get_attribute("data-provisional") == "1" and "if attention were drawn now" in item.text
    assert driver.find_element(By.CSS_SELECTOR, "li.conclusion[data-kind='revoke']").get_attribute("data-provisional") == "0"
    assert "provisional" in driver.find_element(By.CSS_SELECTOR, "#tricks tr[data-trick='2'] td.marks").text
    assert driver.find_element(By.ID, "result").text.startswith("Play goes on")
    assert "add result" not in driver.find_element(By.ID, "notes").text
    for width in (1400, 800):
        driver.set_window_size(width, 1000)
        wait.until(lambda d: d.execute_script("return window.innerWidth") <= width)
        _no_overflow(driver, width)
        _shot(driver, tmp_path, f"provisional-{width}")
    driver.set_window_size(1500, 1100)
    for entry in BOARD3["play"][2]:
        entries += 1
        _click_card(driver, wait, entry, entries)
    item = driver.find_element(By.CSS_SELECTOR, "li.conclusion[data-kind='no_revoke_penalty']")
    assert item.get_attribute("data-provisional") == "1"
    # A claim: the form says when in words, and what its number counts.
    driver.find_element(By.CSS_SELECTOR, "#event-buttons button[data-event='claim']").click()
    form = driver.find_element(By.ID, "event-form").text
    assert "Claim before trick 4" in form and "T4.0" not in form
    assert "tricks claimed (of the 10 still to play)" in form
    Select(driver.find_element(By.ID, "ev-by")).select_by_value("S")
    tricks = driver.find_element(By.ID, "ev-tricks")
    tricks.clear()
    tricks.send_keys("8")
    driver.find_element(By.ID, "ev-accepted").click()
    driver.find_element(By.ID, "ev-enter").click()
    entries += 1
    _wait_idle(wait, entries)
    # Play has ended: the ruling is final, nothing is marked provisional.
    standing = driver.find_element(By.ID, "standing")
    assert "final" in standing.get_attribute("class") and "Play has ended" in standing.text
    assert not driver.find_elements(By.CSS_SELECTOR, "li.conclusion[data-provisional='1']")
    kinds = [k for k, _ in _conclusions(driver)]
    assert "revoke_established" in kinds
    # A why-not about the claim reads as words, not as a fact's name and fields.
    driver.find_element(By.ID, "wn-kind").send_keys("claim_disputed")
    driver.find_element(By.ID, "wn-ask").click()
    wait.until(lambda d: d.find_element(By.ID, "wn-out").text.strip() != "")
    text = driver.find_element(By.ID, "wn-out").text
    assert "with event=" not in text and "claim_event" not in text and "=some" not in text, text


def test_options_after_a_refused_lead_and_54a(server, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    driver.get(server + "/")
    _start_typed(driver, wait, DEAL_54, 7)
    # Declarer and contract by hand: a bad contract is refused beside its field.
    driver.find_element(By.ID, "contract").send_keys("8NT")
    driver.find_element(By.ID, "contract-set").click()
    assert "is not a contract" in driver.find_element(By.ID, "contract-error").text
    contract = driver.find_element(By.ID, "contract")
    contract.clear()
    contract.send_keys("6NT")
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element(By.ID, "declarer")).select_by_value("S")
    driver.find_element(By.ID, "contract-set").click()
    wait.until(lambda d: "6NT by South" in d.find_element(By.ID, "boardline").text)
    _click_card(driver, wait, "E:S5", 1)  # East leads: West is on lead
    option = lambda name: driver.find_element(  # noqa: E731
        By.CSS_SELECTOR, f"li.conclusion[data-kind='option'] button[data-option='{name}']")
    option("refuse_lead").click()
    _wait_idle(wait, 2)
    # The refused card has left the trick (shown struck through in the table); West is to lead.
    assert driver.find_element(By.ID, "c-E").text == ""
    cell = driver.find_element(By.CSS_SELECTOR, "#tricks tr[data-trick='1'] td:nth-child(4)")
    assert cell.find_element(By.CSS_SELECTOR, ".withdrawn").get_attribute("data-card") == "S5"
    assert "West to lead" in driver.find_element(By.ID, "now").text
    # The 50E2 choices are still open to declarer (another decision than 54's).
    for name in ("require_lead", "forbid_lead", "no_lead_restriction"):
        assert option(name).is_enabled(), name
    assert not option("accept_lead").is_enabled() and not option("spread_hand").is_enabled()
    option("forbid_lead").click()
    _wait_idle(wait, 3)
    assert "forbade the lead of spades" in driver.find_element(By.ID, "events").text
    assert not option("require_lead").is_enabled()
    # 54A instead: declarer faces his hand; the header names North as declarer.
    driver.find_element(By.ID, "undo").click()
    _wait_idle(wait, 2)
    driver.find_element(By.ID, "undo").click()
    _wait_idle(wait, 1)
    option("spread_hand").click()
    _wait_idle(wait, 2)
    line = driver.find_element(By.ID, "boardline").text
    assert "6NT by North (South faced his hand and is dummy, 54A)" in line, line
    assert "(dummy)" in driver.find_element(By.CSS_SELECTOR, "#hand-S .who").text
    for width in (1400, 800):
        driver.set_window_size(width, 1000)
        wait.until(lambda d: d.execute_script("return window.innerWidth") <= width)
        _no_overflow(driver, width)
    # The whole record opened from a file: stepping past the refusal puts the card back in East's hand.
    driver.set_window_size(1500, 1100)
    driver.find_element(By.ID, "mode-view").click()
    wait.until(lambda d: len(Select(d.find_element(By.ID, "file")).options) > 3)
    Select(driver.find_element(By.ID, "file")).select_by_visible_text("law54/54d-declarer-refuses-opening-lead.yaml")
    driver.find_element(By.ID, "open").click()
    wait.until(lambda d: "3NT by South" in d.find_element(By.ID, "boardline").text)
    driver.find_element(By.ID, "next").click()
    assert driver.find_element(By.CSS_SELECTOR, "#c-E span").get_attribute("data-card") == "S5"
    assert "gone" in driver.find_element(By.CSS_SELECTOR, "#hand-E .suit[data-suit='S']").get_attribute("innerHTML")
    driver.find_element(By.ID, "next").click()
    assert driver.find_element(By.ID, "c-E").text == "" and driver.find_element(By.ID, "c-W").text != ""
    assert "gone" not in driver.find_element(By.CSS_SELECTOR, "#hand-E .suit[data-suit='S']").get_attribute("innerHTML")
    first = driver.find_element(By.CSS_SELECTOR, "#tricks tr[data-trick='1']").text
    assert first.split()[1] == "W", first  # the lead is West's, the proper leader's


def test_claim_line_drawn_and_judgments_recorded(server, browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    driver.get(server + "/")
    wait.until(lambda d: len(Select(d.find_element(By.ID, "file")).options) > 3)
    Select(driver.find_element(By.ID, "file")).select_by_visible_text(TRUMP_CASE)
    driver.find_element(By.ID, "open").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#claim-line tr[data-trick]"))
    # The line trick by trick: who led, the four cards, who won; the trick lost and where it is lost.
    rows = driver.find_elements(By.CSS_SELECTOR, "#claim-line tbody tr[data-trick]")
    assert [r.get_attribute("data-trick") for r in rows] == ["10", "11", "12", "13"]
    assert "lost" in rows[2].get_attribute("class") and "West (lost)" in rows[2].text
    loses = driver.find_element(By.CSS_SELECTOR, "#claim-line .loses")
    assert loses.get_attribute("data-card") == "HQ" and "order of play open" in loses.get_attribute("title")
    assert "Trick 12: South leads the queen of hearts: here the line first loses a trick" in \
        driver.find_element(By.ID, "claim-line").text
    assert "before trick 10" in driver.find_element(By.ID, "conclusions").text
    # The 70C2 judgment: buttons with the director's answers, in words.
    item = driver.find_element(By.CSS_SELECTOR, "li.conclusion[data-judgment='aware_of_trumps']")
    assert "aware_of_trumps" not in item.text and "Not answered yet" in item.text
    for width in (1400, 800):
        driver.set_window_size(width, 1000)
        wait.until(lambda d: d.execute_script("return window.innerWidth") <= width)
        _no_overflow(driver, width)
        _shot(driver, tmp_path, f"claim-{width}")
    driver.set_window_size(1500, 1100)
    award = lambda: next(t for k, t in _texts(driver) if k == "tricks_awarded")  # noqa: E731
    assert "awarded 3 tricks" in award()
    item.find_element(By.CSS_SELECTOR, "button[data-value='true']").click()
    # The case opens for editing, the answer goes on the claim, the claim is ruled again.
    _wait_ruled(wait, 1)
    assert driver.find_element(By.ID, "mode-intake").get_attribute("aria-pressed") == "true"
    wait.until(lambda d: "awarded 4 tricks" in award())
    assert "declarer's total is 10" in award()
    state = driver.find_element(By.CSS_SELECTOR, "#judgments .judgment[data-judgment='aware_of_trumps']")
    assert "Answered: He knew of the trump" in state.text
    assert state.find_element(By.CSS_SELECTOR, "button[data-value='true']").get_attribute("aria-pressed") == "true"
    before = _rulings(driver)
    state.find_element(By.CSS_SELECTOR, "button[data-value='false']").click()
    _wait_ruled(wait, before)
    wait.until(lambda d: "awarded 3 tricks" in award())
    item = driver.find_element(By.CSS_SELECTOR, "li.conclusion[data-judgment='aware_of_trumps']")
    assert "Answered: He may well not have known" in item.text
    # Saved, the answer is in the case file.
    driver.find_element(By.ID, "save-yaml").click()
    wait.until(lambda d: d.find_element(By.ID, "saved").get_attribute("textContent").startswith("# Entered"))
    assert "aware_of_trumps: false" in driver.find_element(By.ID, "saved").get_attribute("textContent")


def test_the_card_where_the_line_loses_a_trick_is_marked_with_its_reason(server, browser):
    """Issue 28 item 5: the card of the stated line that loses a trick carries a visible mark, and the reason
    is in words under its trick (not only in a tooltip), in the print view of the ruling and in its text."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    driver.get(server + "/")
    wait.until(lambda d: len(Select(d.find_element(By.ID, "file")).options) > 3)
    Select(driver.find_element(By.ID, "file")).select_by_visible_text(TRUMP_CASE)
    driver.find_element(By.ID, "open").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#claim-line tr[data-trick]"))
    loses = driver.find_element(By.CSS_SELECTOR, "#claim-line .loses")
    assert loses.get_attribute("data-card") == "HQ"
    mark = loses.find_element(By.CSS_SELECTOR, ".mark")
    assert mark.is_displayed() and mark.text == "\u27171"
    # the reason, under trick 12, on the screen: what the count missed and why the lead is still normal
    note = driver.find_element(By.CSS_SELECTOR, "#claim-line tr.note[data-note-for='12']")
    assert note.is_displayed()
    assert note.find_element(By.TAG_NAME, "td").get_attribute("id") == loses.get_attribute("aria-describedby")
    text = note.text
    assert text.startswith("\u27171 Trick 12: South leads the queen of hearts: here the line first loses a trick"), text
    assert "Why: his count did not see the trump West still holds." in text
    assert "order of play open" in text
    rows = [r.get_attribute("data-trick") or r.get_attribute("data-note-for")
            for r in driver.find_elements(By.CSS_SELECTOR, "#claim-line tbody tr")]
    assert rows == ["10", "11", "12", "12", "13"]  # (the note right under its trick)
    # copied as text, and printed: the line's table is not in the print view, the reason is
    driver.find_element(By.ID, "copy-ruling").click()
    assert "\u27171 Trick 12: South leads the queen of hearts" in driver.find_element(By.ID, "ruling-text").text
    assert not driver.find_element(By.ID, "line-notes").is_displayed()  # (on the screen it is under the trick)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        printed = driver.find_element(By.ID, "line-notes")
        assert printed.is_displayed() and not driver.find_element(By.ID, "claim-line").is_displayed()
        assert "Why: his count did not see the trump West still holds." in printed.text
        assert printed.find_element(By.CSS_SELECTOR, "p[data-trick='12'] .mark").text.strip() == "\u27171"
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def _texts(driver):
    from selenium.webdriver.common.by import By

    return [(li.get_attribute("data-kind"), li.text) for li in driver.find_elements(By.CSS_SELECTOR, "#conclusions li.conclusion")]


def test_draft_api_edits_a_served_case(server):
    got = json.loads(urllib.request.urlopen(server + "/api/draft?path=0/" + TRUMP_CASE).read())
    assert got["draft"]["events"][0]["kind"] == "claim" and got["draft"]["contract"] == "4S"
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(server + "/api/draft?path=0/law06/6d1-card-face-seen-during-deal.yaml")
    assert info.value.code == 400 and "cannot edit" in json.loads(info.value.read())["error"]




BLOCKED_CASE = "law70/70a-blocked-hearts-careless-order.yaml"


def test_departure_answers_take_effect_in_the_ruling(server, browser):
    """Issue 28 item 1: "not normal" on a lead records the play's role, so the lead leaves the line and the award
    changes; the answer stays on the page (and can be turned back to "normal", which restores the award)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    driver.get(server + "/")
    wait.until(lambda d: len(Select(d.find_element(By.ID, "file")).options) > 3)
    Select(driver.find_element(By.ID, "file")).select_by_visible_text(BLOCKED_CASE)
    driver.find_element(By.ID, "open").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".judgment[data-judgment='departure-0']"))
    award = lambda: next(t for k, t in _texts(driver) if k == "tricks_awarded")  # noqa: E731
    assert "declarer's total is 4" in award()
    item = driver.find_element(By.CSS_SELECTOR, ".judgment[data-judgment='departure-0']")
    assert "nine of diamonds" in item.text and "Not answered yet" in item.text
    # asked once, in words (before: once in the ruling with the case file's field names, and again below it)
    page = driver.find_element(By.ID, "conclusions").text + driver.find_element(By.ID, "judgments").text
    assert "not_normal" not in page and "aware_of_trumps" not in page
    assert page.count("Would this player, of the class assumed") == 1
    before = _rulings(driver)
    item.find_element(By.CSS_SELECTOR, "button[data-value='not_normal']").click()
    _wait_ruled(wait, before)
    # the lead of the nine is out of the line: North-South take the rest and the total rises to 6
    wait.until(lambda d: "declarer's total is 6" in award())
    found = driver.find_element(By.CSS_SELECTOR, ".judgment[data-judgment='finding-ND9']")
    assert "North leads the nine of diamonds" in found.text
    assert "Answered: Not normal for this player" in found.text
    assert found.find_element(By.CSS_SELECTOR, "button[data-value='not_normal']").get_attribute("aria-pressed") == "true"
    driver.find_element(By.ID, "save-yaml").click()
    wait.until(lambda d: d.find_element(By.ID, "saved").get_attribute("textContent").startswith("# Entered"))
    saved = yaml.safe_load(driver.find_element(By.ID, "saved").get_attribute("textContent"))
    claim = next(e for e in saved["events"] if e["kind"] == "claim")
    assert claim["not_normal"] == [{"seat": "N", "card": "D9", "as": "lead"}]
    # turned back to normal: the lead stands in the line again and the award is the first one
    before = _rulings(driver)
    found.find_element(By.CSS_SELECTOR, "button[data-value='normal']").click()
    _wait_ruled(wait, before)
    wait.until(lambda d: "declarer's total is 4" in award())
    item = driver.find_element(By.CSS_SELECTOR, ".judgment[data-judgment='departure-0']")
    assert "Answered: Normal" in item.text


def test_the_table_as_it_is_after_a_refused_lead(server, browser, tmp_path):
    """Issue 28 item 4: the penalty card is shown as one; a pending 50E2 choice is named in the "now" line; after
    the choice only the cards the restriction allows are marked legal; after 54A the diagram labels the new
    declarer; a typed card from a seat not on turn says what it was taken as; an exposed card must still be held."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    driver.get(server + "/")
    _start_typed(driver, wait, DEAL_54, 7)
    driver.find_element(By.ID, "contract").send_keys("6NT")
    Select(driver.find_element(By.ID, "declarer")).select_by_value("S")
    driver.find_element(By.ID, "contract-set").click()
    wait.until(lambda d: "6NT by South" in d.find_element(By.ID, "boardline").text)
    # East leads out of turn, typed: the field says what the card was taken as
    typed = driver.find_element(By.ID, "typed")
    typed.send_keys("E:S5\n")
    _wait_idle(wait, 1)
    assert "East is not on turn (West is)" in driver.find_element(By.ID, "typed-note").text
    option = lambda name: driver.find_element(  # noqa: E731
        By.CSS_SELECTOR, f"li.conclusion[data-kind='option'] button[data-option='{name}']")
    option("refuse_lead").click()
    _wait_idle(wait, 2)
    assert driver.find_element(By.ID, "typed-note").text == ""
    # the refused card is a major penalty card, on the table: marked in East's hand and named under it
    card = driver.find_element(By.CSS_SELECTOR, "#hand-E button.card[data-card='S5']")
    assert "penalty" in card.get_attribute("class") and "penalty card" in card.get_attribute("aria-label")
    assert "Penalty card: " in driver.find_element(By.ID, "hand-E").text
    # before West leads, declarer chooses under 50E2: the "now" line says so, with a way to the choice
    now = driver.find_element(By.ID, "now").text
    assert "West to lead" in now and "South must choose" in now, now
    driver.find_element(By.ID, "go-choice").click()
    option("forbid_lead").click()
    _wait_idle(wait, 3)
    legal = {b.get_attribute("data-card") for b in driver.find_elements(By.CSS_SELECTOR, "#hand-W button.card.legal")}
    held = {b.get_attribute("data-card") for b in driver.find_elements(By.CSS_SELECTOR, "#hand-W button.card")}
    assert legal == {c for c in held if c[0] != "S"} and len(legal) == 9, legal  # no spade while on lead
    assert "West may not lead spades (50E2a)" in driver.find_element(By.ID, "now").text
    assert "must choose" not in driver.find_element(By.ID, "now").text
    # an exposed card must still be in the hand: the five of spades went back to East, the ace of hearts is South's
    driver.find_element(By.CSS_SELECTOR, "#event-buttons button[data-event='card_exposed']").click()
    Select(driver.find_element(By.ID, "ev-by")).select_by_value("E")
    driver.find_element(By.ID, "ev-card").send_keys("HA")
    driver.find_element(By.ID, "ev-enter").click()
    assert "East does not hold \u2665A now" in driver.find_element(By.ID, "event-error").text
    # 54A instead: North declares, South is dummy, and the labels say so
    for n in (2, 1):
        driver.find_element(By.ID, "undo").click()
        _wait_idle(wait, n)
    option("spread_hand").click()
    _wait_idle(wait, 2)
    assert driver.find_element(By.CSS_SELECTOR, "#hand-S .who").text == "South (dummy)"
    assert driver.find_element(By.CSS_SELECTOR, "#hand-N .who").text == "North (declarer)"
    for width in (1400, 800):
        driver.set_window_size(width, 1000)
        wait.until(lambda d: d.execute_script("return window.innerWidth") <= width)
        _no_overflow(driver, width)
        _shot(driver, tmp_path, f"table-{width}")
    # at 800 px the table and its ruling come before the panel to open a case (before: the ruling began
    # about 2,000 px down, below that panel)
    top = driver.execute_script("return document.getElementById('ruling-panel').getBoundingClientRect().top"
                                " + window.scrollY")
    opener = driver.execute_script("return document.getElementById('open-panel').getBoundingClientRect().top"
                                   " + window.scrollY")
    assert top < opener, (top, opener)


SLOW_FETCH = """
window.__realFetch = window.__realFetch || window.fetch;
window.fetch = (url, opts) => String(url).includes('/api/intake') && !String(url).includes('save')
  ? new Promise((resolve, reject) => {
      const t = setTimeout(() => window.__realFetch(url, opts).then(resolve, reject), 4000);
      if (opts && opts.signal) opts.signal.addEventListener('abort', () => { clearTimeout(t);
        reject(new DOMException('aborted', 'AbortError')); });
    })
  : window.__realFetch(url, opts);
"""


def test_a_claim_being_ruled_is_shown_at_once_and_can_be_cancelled(server, browser):
    """Issue 28 item 2: while a claim is ruled the page says so at once, the cards cannot be clicked, and Cancel
    (or Undo) takes the claim back out; the answer is made slow in the browser (a delayed fetch), not on the
    server, so the test does not depend on how long the solver takes."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    driver.get(server + "/")
    _start_typed(driver, wait, DEAL_54, 7)
    driver.find_element(By.ID, "contract").send_keys("6NT")
    Select(driver.find_element(By.ID, "declarer")).select_by_value("S")
    driver.find_element(By.ID, "contract-set").click()
    wait.until(lambda d: "6NT by South" in d.find_element(By.ID, "boardline").text)
    _click_card(driver, wait, "W:HK", 1)

    def claim():
        driver.find_element(By.CSS_SELECTOR, "#event-buttons button[data-event='claim']").click()
        Select(driver.find_element(By.ID, "ev-by")).select_by_value("S")
        tricks = driver.find_element(By.ID, "ev-tricks")
        tricks.clear()
        tricks.send_keys("13")
        driver.find_element(By.ID, "ev-enter").click()

    driver.execute_script(SLOW_FETCH)
    claim()
    box = driver.find_element(By.ID, "working")
    wait.until(lambda d: box.is_displayed())
    assert "Ruling on South's claim (13 tricks)" in box.text and "Cancel" in box.text
    assert "Ruling on South's claim" in driver.find_element(By.ID, "now").text
    card = driver.find_element(By.CSS_SELECTOR, "#hand-N button.card")
    assert card.value_of_css_property("pointer-events") == "none"
    driver.find_element(By.ID, "working-cancel").click()
    assert not box.is_displayed()
    assert "Cancelled" in driver.find_element(By.ID, "now-error").text
    assert "claimed" not in driver.find_element(By.ID, "events").text
    assert driver.find_element(By.CSS_SELECTOR, "#hand-N button.card").value_of_css_property("pointer-events") != "none"
    # Undo while it works also takes the claim back, at once
    claim()
    wait.until(lambda d: box.is_displayed())
    driver.find_element(By.ID, "undo").click()
    assert not box.is_displayed() and "taken back" in driver.find_element(By.ID, "now-error").text
    # ruled without the delay, the claim is in the events and the page is idle again
    driver.execute_script("window.fetch = window.__realFetch;")
    before = _rulings(driver)
    claim()
    _wait_ruled(wait, before)
    wait.until(lambda d: "South claimed 13" in d.find_element(By.ID, "events").text)
    assert not box.is_displayed()


SLOW_CASE = ROOT / "tests" / "data" / "slow" / "six-spades-five-step-line.yaml"


def test_cancel_stops_the_servers_worker_and_the_ruling_before_the_claim_stays(browser, tmp_path, monkeypatch):
    """Issue 28 item 2: a claim the server rules in a worker process (202 "pending", asked again by its id);
    the page's Cancel posts /api/job/cancel, so the worker process ends, and the page is back where it was
    before the claim (its ruling, the cards playable).  The deal and first trick of the slow claim file; West
    leads the ace of diamonds and claims 11 of the 12 tricks left with the page's form, not accepted (ruled
    with the search budget of 100,000,000 nodes the worker is given, this claim takes the compiled search some
    25 s, long enough to be cancelled; the server's quick attempt still gives up after its QUICK_NODES).  (Not the position at trick 2's start: the solver keeps the
    searches of a process, and another test may have ruled that one in the same process, so that the claim
    would be ruled at once, with no worker.)"""
    from selenium.webdriver.common.by import By

    monkeypatch.setenv("BRIDGE_TD_SOLVER_LIMIT", "100000000")  # (the spawned worker inherits them)
    monkeypatch.setenv("BRIDGE_TD_SOLVER_BUDGET", "100000000")
    from selenium.webdriver.support.ui import Select, WebDriverWait

    from engine.commands.web import serve_in_thread

    data = yaml.safe_load(SLOW_CASE.read_text())
    data.pop("events")
    data["id"] = "slow-deal-before-the-claim"
    (tmp_path / "served").mkdir()
    (tmp_path / "served" / "slow-deal.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    srv, _ = serve_in_thread([tmp_path / "served"])
    jobs = srv.RequestHandlerClass.jobs
    driver = browser
    try:
        wait = WebDriverWait(driver, 120, poll_frequency=0.05)  # (a loaded machine)
        driver.get(f"http://127.0.0.1:{srv.server_address[1]}/")
        wait.until(lambda d: any(o.text == "slow-deal.yaml" for o in Select(d.find_element(By.ID, "file")).options),
                   "the served file is listed")
        Select(driver.find_element(By.ID, "file")).select_by_visible_text("slow-deal.yaml")
        driver.find_element(By.ID, "edit-served").click()
        wait.until(lambda d: d.find_element(By.ID, "mode-intake").get_attribute("aria-pressed") == "true"
                   and _rulings(d) >= 1 and d.find_element(By.TAG_NAME, "body").get_attribute("data-busy") == "0",
                   "the case is open for editing and ruled")
        assert "West to lead" in driver.find_element(By.ID, "now").text
        _click_card(driver, wait, "W:DA", 5)
        before_claim = _texts(driver)
        driver.find_element(By.CSS_SELECTOR, "#event-buttons button[data-event='claim']").click()
        Select(driver.find_element(By.ID, "ev-by")).select_by_value("W")
        tricks = driver.find_element(By.ID, "ev-tricks")
        tricks.clear()
        tricks.send_keys("11")
        driver.find_element(By.ID, "ev-enter").click()
        # the server answers "pending" and rules the claim in a worker process: the page shows it and asks again
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-job"),
                   "the server answered 202 and the page asks for the job")
        ident = driver.find_element(By.TAG_NAME, "body").get_attribute("data-job")
        job = jobs.get(ident)
        assert job is not None and job.state == "running", (job and job.state)
        wait.until(lambda d: job.process is not None, "the worker process started")
        worker = job.process
        assert worker.is_alive()
        box = driver.find_element(By.ID, "working")
        assert box.is_displayed() and "Ruling on West's claim (11 tricks)" in box.text
        driver.find_element(By.ID, "working-cancel").click()
        # the page: at once back to the ruling before the claim, the cards playable
        assert not box.is_displayed()
        assert "Cancelled" in driver.find_element(By.ID, "now-error").text
        assert "claimed" not in driver.find_element(By.ID, "events").text
        assert _texts(driver) == before_claim
        card = driver.find_element(By.CSS_SELECTOR, "#hand-N button.card.legal")
        assert card.value_of_css_property("pointer-events") != "none"
        # the server: the job was cancelled by the page's request, and its worker process has ended
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-cancelled-job") == ident,
                   "the page posted /api/job/cancel and the server answered")
        assert job.state == "cancelled"
        # (not worker.join: the server's own thread for the job waits for the process too, and of two threads
        # waiting for one process the one that loses the race sees it alive; it reads as ended once reaped)
        deadline = time.monotonic() + 15
        while worker.is_alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not worker.is_alive() and worker.exitcode is not None
        wait.until(lambda d: job.process is None, "the server's thread for the job is done with it")
        # the page goes on: a card played is ruled at once
        entries = int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-entries") or 0)
        played = card.get_attribute("data-card")
        card.click()
        _wait_idle(wait, entries + 1)
        assert played in driver.find_element(By.CSS_SELECTOR, "#c-N span").get_attribute("data-card")
    finally:
        srv.shutdown()
        srv.server_close()


PROPOSED_CASE = ROOT / "cases" / "published" / "ebu-appeal-focus-2011-6nt-a-count-is-not-a-line.yaml"


def test_the_proposed_line_confirmed_by_its_button_is_the_award(browser, tmp_path):
    """Issue 28 item 1: a claim the search could not settle has a normal line proposed (70A, never scored until
    the director confirms it).  The page asks once, with two buttons: "Confirm" records award_confirmed: true
    on the claim, and the proposed line becomes the award (East-West 7 of the 13: declarer's total 7, where
    before there was no result); "Not confirmed" puts the board back to awaiting the director.  The published
    rulings the case records stay in the case saved from the page (before, the page refused to edit it)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    from webpage import served

    (tmp_path / "served").mkdir()
    (tmp_path / "served" / "proposed.yaml").write_text(PROPOSED_CASE.read_text())
    driver = browser
    with served([tmp_path / "served"]) as url:
        wait = WebDriverWait(driver, 120, poll_frequency=0.1)
        driver.get(url + "/")
        wait.until(lambda d: any(o.text == "proposed.yaml" for o in Select(d.find_element(By.ID, "file")).options))
        Select(driver.find_element(By.ID, "file")).select_by_visible_text("proposed.yaml")
        driver.find_element(By.ID, "open").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "li.conclusion[data-judgment='award_confirmed']"))
        kinds = [k for k, _ in _texts(driver)]
        assert "award_proposed" in kinds and "award_pending" in kinds and "tricks_awarded" not in kinds
        assert "No result yet" in driver.find_element(By.ID, "result").text
        page = driver.find_element(By.ID, "conclusions").text + driver.find_element(By.ID, "judgments").text
        assert "award_confirmed" not in page
        assert page.count("could not settle the least successful normal line") == 1  # (asked once)
        item = driver.find_element(By.CSS_SELECTOR, "li.conclusion[data-judgment='award_confirmed']")
        assert "East-West take 7 of the 13 tricks left" in item.text and "Not answered yet" in item.text
        item.find_element(By.CSS_SELECTOR, "button[data-value='true']").click()
        _wait_ruled(wait, 0)
        wait.until(lambda d: "tricks_awarded" in [k for k, _ in _texts(d)])
        award = next(t for k, t in _texts(driver) if k == "tricks_awarded")
        assert "East-West are awarded 7 tricks" in award and "declarer's total is 7" in award
        kinds = [k for k, _ in _texts(driver)]
        assert "award_pending" not in kinds and "award_proposed" not in kinds
        assert "after the ruling 7: 6NT down 5" in driver.find_element(By.ID, "result").text
        state = driver.find_element(By.CSS_SELECTOR, "#judgments .judgment[data-judgment='award_confirmed']")
        assert "Answered: Confirm the line proposed" in state.text
        before = _rulings(driver)
        state.find_element(By.CSS_SELECTOR, "button[data-value='false']").click()
        _wait_ruled(wait, before)
        wait.until(lambda d: "award_pending" in [k for k, _ in _texts(d)])
        assert "tricks_awarded" not in [k for k, _ in _texts(driver)]
        assert "No result yet" in driver.find_element(By.ID, "result").text
        item = driver.find_element(By.CSS_SELECTOR, "li.conclusion[data-judgment='award_confirmed']")
        assert "Answered: Not confirmed" in item.text
        driver.find_element(By.ID, "save-yaml").click()
        wait.until(lambda d: d.find_element(By.ID, "saved").get_attribute("textContent").startswith("# Entered"))
        saved = yaml.safe_load(driver.find_element(By.ID, "saved").get_attribute("textContent"))
        assert next(e for e in saved["events"] if e["kind"] == "claim")["award_confirmed"] is False
        assert saved["published"] == yaml.safe_load(PROPOSED_CASE.read_text())["published"]


def _open(driver, wait, name):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    wait.until(lambda d: any(o.text == name for o in Select(d.find_element(By.ID, "file")).options))
    Select(driver.find_element(By.ID, "file")).select_by_visible_text(name)
    driver.find_element(By.ID, "open").click()
    wait.until(lambda d: str(d.execute_script("return current ? current.path : ''")).endswith("/" + name))


def test_board_question_and_option_buttons_by_clicks(server, browser, tmp_path):
    """Issue 28 item 1, in Chromium: a director's question (16A: was information given?) answered by its buttons
    after "Edit this case": the question goes and the ruling is the one the case file gives with that answer;
    the 57A3 option, whose suit the rule leaves to declarer, chosen with the suit picked beside its button; and
    where the page cannot record an answer, it says why (a 64C question no field holds; a case the page does
    not edit)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    driver.get(server + "/")
    # 64C: no button, and the page says why
    _open(driver, wait, "law64/64a1-declarer-ruffs-own-revoke.yaml")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "li.conclusion[data-kind='equity_review'] .answer-how"))
    how = driver.find_element(By.CSS_SELECTOR, "li.conclusion[data-kind='equity_review'] .answer-how")
    assert how.get_attribute("data-can") == "0" and "the case file has no field to record his answer" in how.text
    # a case the page does not edit (a deal found with a card seen, 13B): the question says why it has no button
    _open(driver, wait, "law13/13b-card-seen-question-for-the-director.yaml")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "li.conclusion[data-kind='question'] .answer-how"))
    how = driver.find_element(By.CSS_SELECTOR, "li.conclusion[data-kind='question'] .answer-how")
    assert how.get_attribute("data-can") == "0" and "cannot record an answer on this case: it has deal_found" in how.text
    # a claim judgment on a case the page cannot edit: its buttons are disabled, with the reason (a disputed
    # claim whose line has a departure, 70A, in a case with a 72A3 waiver, a field the page does not edit)
    data = yaml.safe_load((ROOT / "cases/law70/70a-blocked-hearts-careless-order.yaml").read_text())
    data.pop("expect")
    data["irregularity"] = {"by": "W", "what": "dropped a card face up", "at": "T11.0",
                            "attention": {"by": "S", "at": "T11.0"}, "director_called": "T11.0", "waived_by": "S"}
    (tmp_path / "waived").mkdir()
    (tmp_path / "waived" / "waived.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    with served_folder([tmp_path / "waived"]) as url:
        driver.get(url + "/")
        _open(driver, wait, "waived.yaml")
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR,
                                             ".judgment[data-judgment='departure-0'] button[data-value]"))
        item = driver.find_element(By.CSS_SELECTOR, ".judgment[data-judgment='departure-0']")
        assert not any(b.is_enabled() for b in item.find_elements(By.CSS_SELECTOR, "button[data-value]"))
        assert "cannot record an answer on this case: it has irregularity" in \
            item.find_element(By.CSS_SELECTOR, ".answer-how").text
    driver.get(server + "/")
    # 16A: "To answer: Edit this case", then the buttons; yes and no rule as the case file would with that answer
    case = "law16/16a-question-was-information-given.yaml"
    _open(driver, wait, case)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "li.conclusion[data-kind='question'] .answer-how"))
    assert "To answer: Edit this case" in driver.find_element(By.CSS_SELECTOR, "li.conclusion[data-kind='question']").text
    asked = _texts(driver)
    question = next(t for k, t in asked if k == "question").split("\n")[0]
    driver.find_element(By.ID, "edit-served").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "li.conclusion[data-kind='question'] button[data-answer]"))
    data = yaml.safe_load((ROOT / "cases" / case).read_text())
    for answer in ("yes", "no"):
        buttons = driver.find_elements(By.CSS_SELECTOR, "li.conclusion[data-kind='question'] button[data-answer]")
        assert [b.get_attribute("data-answer") for b in buttons] == ["yes", "no"]
        before = _rulings(driver)
        next(b for b in buttons if b.get_attribute("data-answer") == answer).click()
        _wait_ruled(wait, before)
        got = _texts(driver)
        assert not any(t.startswith(question) for _, t in got) and got != asked  # (the question answered is gone)
        ruled = page_data(rule_case(case_from_data({**data, "answers": {"ui_from_partner": answer == "yes"}}, "t.yaml")))
        assert [k for k, _ in got] == [c["kind"] for c in ruled["conclusions"]]
        for (_, text), c in zip(got, ruled["conclusions"]):
            said = c["fields"]["question"] if c["kind"] == "question" else c["text"]
            assert " ".join(said.split()) in " ".join(text.split()), (said, text)
        before = _rulings(driver)
        driver.find_element(By.ID, "undo").click()
        _wait_ruled(wait, before)
        assert [k for k, _ in _texts(driver)] == [k for k, _ in asked]
    # 57A3: declarer forbids a suit; the page asks which, beside the button
    data = yaml.safe_load((ROOT / "cases/law57/57a3-premature-play-trumps-forbidden.yaml").read_text())
    data["play"] = data["play"][:2] + [data["play"][2][:2]]
    data["events"] = [e for e in data["events"] if e["kind"] != "option_chosen"]
    data.pop("expect")
    (tmp_path / "served").mkdir()
    (tmp_path / "served" / "forbid.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    with served_folder([tmp_path / "served"]) as url:
        driver.get(url + "/")
        _open(driver, wait, "forbid.yaml")
        driver.find_element(By.ID, "edit-served").click()
        pick = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "li.conclusion select.option-pick[data-option='forbid_suit']"))[0]
        button = pick.find_element(By.XPATH, "following-sibling::button")
        button.click()
        assert "First name the suit South chooses" in driver.find_element(By.ID, "ruling-error").text
        Select(pick).select_by_value("S")
        before = _rulings(driver)
        button.click()
        _wait_ruled(wait, before)
        wait.until(lambda d: "forbade" in d.find_element(By.ID, "events").text or "spade" in d.find_element(By.ID, "events").text)
        kinds = [(k, t) for k, t in _texts(driver)]
        assert any(k == "obligation" and "spade" in t for k, t in kinds), kinds
        for name in ("play_highest", "play_lowest"):
            assert not driver.find_element(By.CSS_SELECTOR, f"li.conclusion button[data-option='{name}']").is_enabled()


def test_the_player_class_is_chosen_on_the_page(server, browser):
    """Issue 28 item 5: the class of player the footnote to Law 69 judges is chosen beside the claim line; the
    claim is ruled again (70a-blocked-hearts: 4 tricks for a club player, 6 for an expert, for whom the careless
    order is not a normal play) and the choice is saved in the case file."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    driver.get(server + "/")
    wait.until(lambda d: len(Select(d.find_element(By.ID, "file")).options) > 3)
    Select(driver.find_element(By.ID, "file")).select_by_visible_text(BLOCKED_CASE)
    driver.find_element(By.ID, "open").click()
    wait.until(lambda d: d.find_elements(By.ID, "player-class"))
    award = lambda: next(t for k, t in _texts(driver) if k == "tricks_awarded")  # noqa: E731
    assert "declarer's total is 4" in award()
    assert Select(driver.find_element(By.ID, "player-class")).first_selected_option.get_attribute("value") == "club"
    before = _rulings(driver)
    Select(driver.find_element(By.ID, "player-class")).select_by_value("expert")
    _wait_ruled(wait, before)
    wait.until(lambda d: "declarer's total is 6" in award())
    assert Select(driver.find_element(By.ID, "player-class")).first_selected_option.get_attribute("value") == "expert"
    driver.find_element(By.ID, "save-yaml").click()
    wait.until(lambda d: d.find_element(By.ID, "saved").get_attribute("textContent").startswith("# Entered"))
    assert yaml.safe_load(driver.find_element(By.ID, "saved").get_attribute("textContent"))["player_class"] == "expert"


def test_the_ruling_printed_alone_copied_as_text_and_its_clauses_linked(server, browser):
    """Issue 28 item 5: a print view of the ruling alone, the ruling as text, and clause labels that go to the
    clause (its title and summary, under the ruling)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    driver.get(server + "/")
    wait.until(lambda d: len(Select(d.find_element(By.ID, "file")).options) > 3)
    Select(driver.find_element(By.ID, "file")).select_by_visible_text(TRUMP_CASE)
    driver.find_element(By.ID, "open").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#conclusions li.conclusion[data-kind='tricks_awarded']"))
    link = driver.find_element(By.CSS_SELECTOR, "li.conclusion[data-kind='outstanding_trump'] a.law")
    assert link.text == "[70C]" and link.get_attribute("href").endswith("#clause-70C")
    link.click()
    assert driver.execute_script("return location.hash") == "#clause-70C"
    clause = driver.find_element(By.ID, "clause-70C")
    assert clause.text.startswith("70C ") and clause.is_displayed()
    assert not driver.find_elements(By.CSS_SELECTOR, "li.conclusion[data-kind='outstanding_trump'] .trace") or \
        not driver.find_element(By.CSS_SELECTOR, "li.conclusion[data-kind='outstanding_trump'] .trace").is_displayed()
    driver.find_element(By.ID, "copy-ruling").click()
    text = driver.find_element(By.ID, "ruling-text").text
    assert "North-South are awarded 3 tricks" in text and "[70C]" in text and "The clauses cited" in text
    assert "aware_of_trumps" not in text and "not_normal" not in text
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    assert not driver.find_element(By.ID, "deal-panel").is_displayed()
    assert not driver.find_element(By.ID, "open-panel").is_displayed()
    assert driver.find_element(By.ID, "conclusions").is_displayed()
    assert not driver.find_element(By.ID, "print-ruling").is_displayed()
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_cards_are_reached_by_keyboard_in_one_tab_stop(server, browser):
    """Issue 28 item 5: the hand on turn is one tab stop (its first legal card; before, every one of the 52 cards
    was a tab stop); the arrow keys move from card to card and Enter plays the card."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    driver.get(server + "/")
    _start_typed(driver, wait, DEAL_54, 7)
    driver.find_element(By.ID, "contract").send_keys("6NT")
    Select(driver.find_element(By.ID, "declarer")).select_by_value("S")
    driver.find_element(By.ID, "contract-set").click()
    wait.until(lambda d: "6NT by South" in d.find_element(By.ID, "boardline").text)
    stops = driver.find_elements(By.CSS_SELECTOR, "#diagram button.card:not([tabindex='-1'])")
    assert [(b.get_attribute("data-seat"), b.get_attribute("data-card")) for b in stops] == [("W", "ST")]
    # from the field before the diagram's cards, one Tab reaches West's hand
    driver.execute_script("document.getElementById('diagram').previousElementSibling.setAttribute('tabindex','-1');"
                          "document.getElementById('diagram').previousElementSibling.focus()")
    driver.switch_to.active_element.send_keys(Keys.TAB)
    assert driver.switch_to.active_element.get_attribute("data-card") == "ST"
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert driver.switch_to.active_element.get_attribute("data-card") == "S8"
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    _wait_idle(wait, 1)
    assert "\u26608" in driver.find_element(By.ID, "c-W").text
    stops = driver.find_elements(By.CSS_SELECTOR, "#diagram button.card:not([tabindex='-1'])")
    assert [b.get_attribute("data-seat") for b in stops] == ["N"]


def test_redo_and_an_event_at_an_earlier_moment(server, browser):
    """Issue 28 item 5: Redo puts back what Undo took; an event can be added at an earlier moment of a loaded
    record (here attention drawn to East's revoke in trick 2 of the club board, entered after the whole play)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    driver.get(server + "/")
    _start_typed(driver, wait, DEAL_54, 7)
    driver.find_element(By.ID, "contract").send_keys("6NT")
    Select(driver.find_element(By.ID, "declarer")).select_by_value("S")
    driver.find_element(By.ID, "contract-set").click()
    wait.until(lambda d: "6NT by South" in d.find_element(By.ID, "boardline").text)
    _click_card(driver, wait, "W:HK", 1)
    _click_card(driver, wait, "N:H3", 2)
    driver.find_element(By.ID, "undo").click()
    _wait_idle(wait, 1)
    assert driver.find_element(By.ID, "c-N").text == ""
    driver.find_element(By.ID, "redo").click()
    _wait_idle(wait, 2)
    assert "\u26653" in driver.find_element(By.ID, "c-N").text
    driver.find_element(By.ID, "redo").click()
    assert "Nothing to redo" in driver.find_element(By.ID, "undo-error").text
    # the whole board 3 record, then attention drawn back in trick 2 (East's spade on a diamond)
    driver.find_element(By.ID, "mode-intake").click()
    wait.until(lambda d: len(Select(d.find_element(By.ID, "hr-file")).options) >= 3)
    Select(driver.find_element(By.ID, "hr-file")).select_by_visible_text("club-revokes.pbn: board 3, game 1")
    driver.find_element(By.ID, "keep-record").click()
    before = _rulings(driver)
    driver.find_element(By.ID, "hr-start").click()
    _wait_ruled(wait, before)  # (the board's own ruling: the page was idle, as far as data-busy says, before it)
    entries = int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-entries"))
    assert "Play has ended" in driver.find_element(By.ID, "now").text
    kinds = [k for k, _ in _conclusions(driver)]
    assert "revoke_established" in kinds
    driver.find_element(By.CSS_SELECTOR, "#event-buttons button[data-event='attention_drawn']").click()
    when = Select(driver.find_element(By.ID, "ev-at"))
    when.select_by_value("T3.0")  # the end of trick 2, before trick 3: the revoke not yet established
    Select(driver.find_element(By.ID, "ev-by")).select_by_value("S")
    driver.find_element(By.ID, "ev-enter").click()
    _wait_idle(wait, entries + 1)
    kinds = [k for k, _ in _conclusions(driver)]
    assert "revoke_established" not in kinds and "revoke_must_be_corrected" in kinds, kinds
    assert "South drew attention" in driver.find_element(By.ID, "events").text
