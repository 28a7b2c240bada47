"""The director's intake on the page (issue 13), end to end in headless Chromium, and its API.

A case is built by clicks from a deal alone and must be ruled exactly as the full record is; the
options the law gives are buttons that record the choice; a claim goes in with its statement; the
case saved from the page validates; the page works at 1400 and 800 pixels.
"""
import json
import os
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from engine.commands.validate import validate_file
from engine.input import pbn
from engine.commands.intake import draft_from_games

from webpage import EXAMPLES, ink as _ink  # the server and browser fixtures: conftest.py

BOARD3 = draft_from_games(pbn.load_games(EXAMPLES / "club-revokes.pbn"), "club-revokes.pbn", 1)["draft"]


def post(url, body):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def post_error(url, body: bytes):
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(req, timeout=30)
    return info.value.code, json.loads(info.value.read())["error"]


# -- the API -----------------------------------------------------------------------------------------


def test_intake_api_refuses_bad_input(server):
    code, message = post_error(server + "/api/intake", b"not json")
    assert code == 400 and "not JSON" in message
    code, message = post_error(server + "/api/intake", b"[1, 2]")
    assert code == 400 and "JSON object" in message
    deal = BOARD3["deal"]
    code, message = post_error(server + "/api/intake", json.dumps({"draft": {"deal": deal.replace("AK32", "AK3", 1),
                                                                            "board": 3}}).encode())
    assert code == 400 and "deal" in message
    code, message = post_error(server + "/api/intake", json.dumps({"draft": {"deal": deal, "board": 3, "bogus": 1}}).encode())
    assert code == 400 and "bogus: unknown field" in message
    code, message = post_error(server + "/api/intake", json.dumps({"draft": {"deal": deal, "board": 3,
                                                                            "auction": [{"seat": "Q", "call": "1S"}]}}).encode())
    assert code == 400 and "auction[1].seat" in message
    code, message = post_error(server + "/api/intake/save", json.dumps({"draft": {"deal": deal}, "format": "doc"}).encode())
    assert code == 400 and "yaml or pbn" in message
    code, message = post_error(server + "/api/deal", json.dumps({"name": "x.pbn", "text": "nothing here"}).encode())
    assert code == 400 and message.startswith("x.pbn: ") and "/tmp" not in message


def test_intake_api_turns_and_auction(server):
    draft = {"deal": BOARD3["deal"], "board": 3}
    state = post(server + "/api/intake", {"draft": draft})
    # Board 3: South deals (Law 2); nothing to rule on before the auction ends.
    assert state["auction"]["next"] == "S" and state["ruling"] is None
    draft["auction"] = [{"seat": "S", "call": "1NT"}, {"seat": "W", "call": "Pass"}, {"seat": "N", "call": "1S"}]
    state = post(server + "/api/intake", {"draft": draft})
    # 1S after 1NT is insufficient: marked at the call, and the ruling says Law 27 is not implemented.
    assert state["auction"]["next"] == "E"
    assert any("Law 27" in n and "not implemented" in n for n in state["notes"])
    draft["auction"] = [{"seat": "S", "call": "1NT"}, {"seat": "N", "call": "2C"}]
    state = post(server + "/api/intake", {"draft": draft})
    assert any("Laws 28-32" in n for n in state["notes"])


def test_intake_api_hand_records_and_why_not(server):
    # A served deal-only hand record, and the same file uploaded (several boards: the list first).
    got = json.loads(urllib.request.urlopen(server + "/api/deal?path=0/club-hands.pbn&game=3").read())
    assert got["full"] is False and got["draft"]["board"] == 16 and got["draft"]["dealer"] == "W"
    assert "contract" not in got["draft"] and "play" not in got["draft"]
    text = (EXAMPLES / "club-hands.pbn").read_text()
    assert [g["label"] for g in post(server + "/api/deal", {"name": "h.pbn", "text": text})["games"]] == [
        "board 3, game 1", "board 7, game 2", "board 16, game 3"]
    assert post(server + "/api/deal", {"name": "h.pbn", "text": text, "game": 1})["draft"]["deal"] == BOARD3["deal"]
    full = json.loads(urllib.request.urlopen(server + "/api/deal?path=0/club-revokes.pbn&game=1").read())
    assert full["full"] is True and len(full["draft"]["play"]) == 13 and len(full["draft"]["auction"]) == 10
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(server + "/api/deal?path=0/club-board16.yaml")
    assert info.value.code == 400
    # Why not, on the case being entered.
    answer = post(server + "/api/intake", {"draft": BOARD3, "why_not": {"kind": "trick_transfer", "fields": "tricks=2"}})
    assert "North won trick 2 with the ace of diamonds" in answer["text"] and "explain CASE" not in answer["text"]
    assert any(r["title"] for r in answer["data"]["rules"])
    code, message = post_error(server + "/api/intake", json.dumps({"draft": BOARD3, "why_not": {"kind": 5}}).encode())
    assert code == 400 and "why_not" in message


# -- end to end -------------------------------------------------------------------------------------


def _wait_idle(wait, entries):
    wait.until(lambda d: d.find_element("tag name", "body").get_attribute("data-busy") == "0"
               and d.find_element("tag name", "body").get_attribute("data-entries") == str(entries))


def _conclusions(driver):
    from selenium.webdriver.common.by import By

    return [(li.get_attribute("data-kind"), li.find_element(By.CSS_SELECTOR, ".law").text.strip("[] "))
            for li in driver.find_elements(By.CSS_SELECTOR, "#conclusions li.conclusion")]


def test_intake_board3_by_clicks(server, browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    driver.get(server + "/")
    driver.find_element(By.ID, "mode-intake").click()
    # Type the four hands: the check follows each keystroke (13 cards each, 52 distinct).
    hands = BOARD3["deal"][2:].split()
    driver.find_element(By.ID, "in-N").send_keys(hands[0])
    driver.find_element(By.ID, "in-E").send_keys(hands[1])
    driver.find_element(By.ID, "in-S").send_keys(hands[2])
    driver.find_element(By.ID, "in-W").send_keys(hands[3][:-1])
    check = driver.find_element(By.ID, "deal-check").text
    assert "West: 12 cards" in check and "missing (1)" in check
    assert not driver.find_element(By.ID, "hands-start").is_enabled()
    driver.find_element(By.ID, "in-W").send_keys(hands[1][-1])  # a card East holds
    assert "twice" in driver.find_element(By.ID, "deal-check").text
    driver.find_element(By.ID, "in-W").send_keys("\b" + hands[3][-1])
    assert "West: 13" in driver.find_element(By.ID, "deal-check").text
    board = driver.find_element(By.ID, "in-board")
    board.clear()
    board.send_keys("3")
    assert "dealer South" in driver.find_element(By.ID, "board-law2").text
    assert "East-West vulnerable" in driver.find_element(By.ID, "board-law2").text
    driver.find_element(By.ID, "hands-start").click()
    _wait_idle(wait, 0)
    # The auction on the bidding box, each call in turn from the dealer.
    for n, call in enumerate(BOARD3["auction"], start=1):
        driver.find_element(By.CSS_SELECTOR, f"#bidbox button[data-call='{call['call']}']").click()
        _wait_idle(wait, n)
    assert "3NT by South" in driver.find_element(By.ID, "boardline").text
    assert driver.find_element(By.CSS_SELECTOR, "#auction td[data-call='7']").text.startswith("3NT")
    # The play by clicking cards: the revoke (East's spade on a diamond) is not a legal card, but playable.
    entries = len(BOARD3["auction"])
    for trick in BOARD3["play"]:
        for entry in trick:
            seat, card = entry.split(":")
            button = driver.find_element(By.CSS_SELECTOR, f"#hand-{seat} button.card[data-card='{card}']")
            assert ("legal" in button.get_attribute("class")) == (entry != "E:S4"), entry
            button.click()
            entries += 1
            _wait_idle(wait, entries)
    want = post(server + "/api/intake", {"draft": BOARD3})["ruling"]
    served = json.loads(urllib.request.urlopen(server + "/api/rule?path=0/club-revokes.pbn&game=1").read())
    assert [(c["kind"], c["law"]) for c in served["conclusions"]] == [(c["kind"], c["law"]) for c in want["conclusions"]]
    assert _conclusions(driver) == [(c["kind"], c["law"]) for c in served["conclusions"]]
    assert driver.find_element(By.ID, "result").text == served["result"]
    # Play over (issue 28): the hands are shown as dealt, the played cards struck through (before: "-" in
    # every suit), and the step buttons walk through the play as for a file opened.
    for seat in "NESW":
        hand = driver.find_element(By.ID, f"hand-{seat}")
        assert len(hand.find_elements(By.CSS_SELECTOR, ".gone")) == 13 and "-" not in hand.text, seat
    controls = driver.find_element(By.ID, "controls")
    assert controls.is_displayed()
    driver.find_element(By.ID, "first").click()
    assert driver.find_element(By.ID, "position").text == "start"
    driver.find_element(By.ID, "next").click()
    assert "West" in driver.find_element(By.ID, "position").text
    assert driver.find_element(By.CSS_SELECTOR, "#c-W span").get_attribute("data-card") == BOARD3["play"][0][0][2:]
    # Save with an expect block: the saved file validates, and rules as the record does.
    driver.find_element(By.ID, "save-yaml-expect").click()
    wait.until(lambda d: d.find_element(By.ID, "saved").text.startswith("# Entered"))
    saved = tmp_path / "board3.yaml"
    saved.write_text(driver.find_element(By.ID, "saved").get_attribute("textContent"))
    result = validate_file(saved)
    assert result.passed and result.has_expect, result.differences or result.error
    assert result.ruling.declarer_tricks == 11 and result.ruling.score["NS"] == 460
    driver.find_element(By.ID, "save-pbn").click()
    wait.until(lambda d: d.find_element(By.ID, "saved").get_attribute("textContent").startswith("% PBN"))
    games = pbn.parse_games(driver.find_element(By.ID, "saved").get_attribute("textContent"))
    assert games[0].tags["Contract"] == "3NT" and games[0].tags["Board"] == "3"


def test_intake_lead_out_of_turn_claim_and_screens(server, browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    driver.get(server + "/")
    driver.find_element(By.ID, "mode-intake").click()
    wait.until(lambda d: len(Select(d.find_element(By.ID, "hr-file")).options) >= 3)
    Select(driver.find_element(By.ID, "hr-file")).select_by_visible_text("club-revokes.pbn: board 3, game 1")
    driver.find_element(By.ID, "hr-start").click()
    _wait_idle(wait, 0)
    assert "Players: North Nash" in driver.find_element(By.ID, "players").text
    # The auction from the keyboard, with an alert and a hesitation marked at calls.
    typed = driver.find_element(By.ID, "typed")
    for n, call in enumerate(["P", "P", "1D", "P", "1NT", "P", "3NT", "P", "P", "P"], start=1):
        if n == 3:
            driver.find_element(By.ID, "call-alert").click()
        if n == 6:
            driver.find_element(By.ID, "call-hesitation").click()
        typed = driver.find_element(By.ID, "typed")
        typed.send_keys(call + "\n")
        _wait_idle(wait, n)
    assert driver.find_element(By.CSS_SELECTOR, "#auction td[data-call='3']").text.startswith("1\u2666!")
    assert "hesitation" in driver.find_element(By.CSS_SELECTOR, "#auction td[data-call='6']").text
    # West's hesitation is a Law 16 episode: the director's questions are asked in the page, one by one.
    question = driver.find_element(By.CSS_SELECTOR, "li.conclusion[data-kind='question']")
    assert "make extraneous information available" in question.text and "[16A]" in question.text
    question.find_element(By.CSS_SELECTOR, "button[data-answer='no']").click()
    _wait_idle(wait, 11)
    kinds = _conclusions(driver)
    assert ("question", "16A") not in kinds and ("result_stands", "16A") in kinds, kinds
    driver.find_element(By.ID, "undo").click()
    _wait_idle(wait, 10)
    assert ("question", "16A") in _conclusions(driver)
    # East leads out of turn (West is on lead): the options are buttons; declarer accepts.
    driver.find_element(By.CSS_SELECTOR, "#hand-E button.card[data-card='HK']").click()
    _wait_idle(wait, 11)
    assert ("lead_out_of_turn", "54") in _conclusions(driver)
    accept = driver.find_element(By.CSS_SELECTOR, "li.conclusion[data-kind='option'] button[data-option='accept_lead']")
    accept.click()
    _wait_idle(wait, 12)
    kinds = _conclusions(driver)
    assert ("lead_accepted", "54B") in kinds
    events = driver.find_element(By.ID, "events").text
    assert "South accepted the lead out of turn" in events
    # Declarer plays second (54B); then South claims the rest with a statement, not accepted.
    assert "South to play" in driver.find_element(By.ID, "now").text
    for n, entry in enumerate(["S:HT", "W:H5", "N:HA"], start=13):
        seat, card = entry.split(":")
        driver.find_element(By.CSS_SELECTOR, f"#hand-{seat} button.card[data-card='{card}']").click()
        _wait_idle(wait, n)
    # Screens: at 1400 and 800 pixels nothing overflows sideways and the diagram is drawn.
    for width in (1400, 800):
        driver.set_window_size(width, 1100)
        wait.until(lambda d: d.execute_script("return window.innerWidth") <= width)
        overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, (width, overflow)
        driver.execute_script("document.getElementById('deal-panel').scrollIntoView()")
        shot = driver.get_screenshot_as_png()
        (tmp_path / f"intake-{width}.png").write_bytes(shot)
        if os.environ.get("BRIDGE_TD_SCREENSHOT_DIR"):
            Path(os.environ["BRIDGE_TD_SCREENSHOT_DIR"], f"intake-{width}.png").write_bytes(shot)
        ink, red, size = _ink(driver.find_element(By.ID, "diagram").screenshot_as_png)
        assert size[0] > 300 and ink > 0.02 and red > 0.001, (width, ink, red, size)
        box = driver.find_element(By.ID, "diagram").rect
        ruling = driver.find_element(By.ID, "ruling-panel").rect
        if width == 800:  # one column: the ruling below the deal, as wide as the page allows
            assert ruling["y"] > box["y"] and ruling["width"] > 600
        else:
            assert ruling["x"] > box["x"]
    driver.set_window_size(1500, 1100)
    driver.find_element(By.CSS_SELECTOR, "#event-buttons button[data-event='claim']").click()
    Select(driver.find_element(By.ID, "ev-by")).select_by_value("S")
    tricks = driver.find_element(By.ID, "ev-tricks")
    tricks.clear()
    tricks.send_keys("12")
    driver.find_element(By.ID, "ev-statement").send_keys("Diamonds from the top, then spades")
    driver.find_element(By.ID, "ev-enter").click()
    _wait_idle(wait, 16)
    events = driver.find_element(By.ID, "events").text
    assert 'South claimed 12 of the remaining tricks; the opponents did not accept. Statement: "Diamonds' in events
    kinds = [k for k, _ in _conclusions(driver)]
    assert "tricks_awarded" in kinds, _conclusions(driver)
    # The trace: plain sentences first, the ids and rule names behind a toggle.
    item = driver.find_element(By.CSS_SELECTOR, "li.conclusion[data-kind='tricks_awarded']")
    item.click()
    trace = item.find_element(By.CSS_SELECTOR, ".trace")
    wait.until(lambda d: trace.is_displayed())
    assert "rule law_" not in trace.text and " c1 " not in f" {trace.text} "
    item.find_element(By.CSS_SELECTOR, ".ids-toggle").click()
    assert "rule law_70" in trace.text


# -- the draft as a case file, without the browser ---------------------------------------------------


def _hesitation_draft():
    draft = json.loads(json.dumps(BOARD3))
    draft["auction"][2]["alert"] = True
    draft["auction"][2]["note"] = "natural, 4+ diamonds"
    draft["auction"][6]["marks"] = ["hesitation"]  # North thinks long before 3NT
    return draft


def test_saved_yaml_round_trips(tmp_path):
    from engine.commands.intake import case_yaml, load_draft
    from engine.commands.web import page_data
    from engine.explain.render import ruling_json
    from engine.explain.ruling import rule_case

    draft = _hesitation_draft()
    path = tmp_path / "saved.yaml"
    path.write_text(case_yaml(draft, with_expect=True))
    result = validate_file(path)
    assert result.passed and result.has_expect, result.differences or result.error
    # The file rules as the draft did, conclusion for conclusion.
    _, case = load_draft(draft)
    assert ruling_json(result.ruling)["conclusions"] == ruling_json(rule_case(case))["conclusions"]
    # The hesitation is the Law 16 episode: North gave it, South received it, South's next call the action.
    assert result.ruling.case.extra["ui"]["by"] == "N" and result.ruling.case.extra["ui"]["received_by"] == "S"
    view = page_data(result.ruling)
    call = view["auction"]["calls"][2]
    assert call == {"seat": "N", "call": "1D", "alert": True, "note": "natural, 4+ diamonds", "marks": []}
    assert view["auction"]["calls"][6]["marks"] == ["hesitation"]
    assert view["players"] == {"N": "Nash", "E": "Evans", "S": "Shaw", "W": "Wood"}
    # Without the expect block the file is still a valid case (no expectations to check).
    plain = tmp_path / "plain.yaml"
    plain.write_text(case_yaml(draft))
    assert validate_file(plain).error == "" and not validate_file(plain).has_expect


def test_irregular_calls_are_marked_and_named(tmp_path):
    from engine.commands.intake import case_yaml, rule_draft
    from engine.commands.web import page_data
    from engine.explain.auction import auction_lines

    draft = {"deal": BOARD3["deal"], "board": 3,
             "auction": [{"seat": "S", "call": "1NT"}, {"seat": "N", "call": "2C"}, {"seat": "E", "call": "1S"}]}
    state = rule_draft(draft, page_data)
    # North bid out of rotation (West's turn), East's 1S is insufficient over 2C: both marked and named.
    assert any(n.startswith("call 2, North's 2C, is a call out of rotation: Laws 28-32") for n in state["notes"])
    assert any("call 3, East's 1S, is an insufficient bid: Law 27 would govern" in n for n in state["notes"])
    from engine.commands.intake import case_data
    from engine.input.caseio import CaseError, case_from_data
    from engine.explain.auction import auction_view

    data = case_data(draft)
    assert data["auction"] == ["1NT", "N:2C", "1S"]  # the case-file form: out of rotation as SEAT:CALL
    saved = tmp_path / "auction.yaml"  # a case before play: the auction so far
    saved.write_text(case_yaml(draft, with_expect=True))
    assert validate_file(saved).passed, validate_file(saved).error
    case = case_from_data({**data, "contract": "1S", "declarer": "E", "play": []}, "t")
    view = auction_view(case)
    assert [c["marks"] for c in view["calls"]] == [[], ["out_of_rotation"], ["insufficient"]]
    text = "\n".join(auction_lines(view))
    assert "call out of rotation" in text and "insufficient bid" in text


def test_auction_call_mapping_is_checked():
    from engine.input.caseio import CaseError, case_from_data

    base = {"id": "x", "deal": BOARD3["deal"], "board": 3, "contract": "3NT", "declarer": "S", "play": []}
    with pytest.raises(CaseError, match=r"auction\[1\]\.colour: unknown field"):
        case_from_data({**base, "auction": [{"call": "1NT", "colour": "red"}]}, "t")
    with pytest.raises(CaseError, match=r"auction\[1\]\.marks"):
        case_from_data({**base, "auction": [{"call": "1NT", "marks": ["sneeze"]}]}, "t")
    case = case_from_data({**base, "auction": [{"call": "1NT", "alert": True}, {"seat": "N", "call": "P"}]}, "t")
    assert case.extra["auction"] == (("S", "1NT"), ("N", "Pass"))
    with pytest.raises(CaseError, match="players.Q"):
        case_from_data({**base, "players": {"Q": "Nobody"}}, "t")


def test_file_list_is_served_from_the_last_reading(tmp_path):
    import time

    from engine.commands.web import list_files, served_files

    (tmp_path / "a.yaml").write_text("id: a\n")
    first = served_files([tmp_path])
    assert first == list_files([tmp_path]) and [f["path"] for f in first] == ["0/a.yaml"]
    (tmp_path / "b.yaml").write_text("id: b\n")
    assert served_files([tmp_path]) is first  # answered at once from the last reading ...
    for _ in range(200):  # ... which is read again behind it: the new file shows at a later request
        if [f["path"] for f in served_files([tmp_path])] == ["0/a.yaml", "0/b.yaml"]:
            break
        time.sleep(0.05)
    assert [f["path"] for f in served_files([tmp_path])] == ["0/a.yaml", "0/b.yaml"]
