"""The local page: its API, and end to end in headless Chromium (Debian's chromium and chromium-driver)."""
import json
import os
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from engine.commands.web import NotLoopback, check_loopback

from webpage import EXAMPLES, ink as _ink  # the served folders; the server and browser fixtures: conftest.py


def get(url):
    with urllib.request.urlopen(url, timeout=30) as r:
        return json.loads(r.read())


def test_only_loopback():
    assert check_loopback("127.0.0.1") == "127.0.0.1"
    with pytest.raises(NotLoopback):
        check_loopback("0.0.0.0")


def test_api(server):
    files = get(server + "/api/files")["files"]
    club = next(f for f in files if f["path"] == "0/club-revokes.pbn")
    assert [g["label"] for g in club["games"]] == ["board 3, game 1", "board 7, game 2", "board 16, game 3"]
    data = get(server + "/api/rule?path=0/club-revokes.pbn&game=1")
    assert len(data["plays"]) == 52 and data["hands"]["E"][0] == "SQ"
    transfer = next(c for c in data["conclusions"] if c["kind"] == "trick_transfer")
    assert transfer["trace"]["rule"] == "law_64A2_one_trick"
    assert "64A1 needs: East won trick 2." in transfer["why_not"]
    linked = get(server + "/api/rule?path=0/club-board16.yaml")
    assert any(c["law"] == "64B4" for c in linked["conclusions"])
    with pytest.raises(urllib.error.HTTPError) as info:
        get(server + "/api/rule?path=0/../../../etc/passwd")
    assert info.value.code == 400 and "not a served file" in json.loads(info.value.read())["error"]
    answer = get(server + "/api/whynot?path=0/club-revokes.pbn&game=1&kind=trick_transfer&fields=tricks=2")
    assert "North won trick 2 with the ace of diamonds" in answer["text"]


def test_upload(server):
    text = (EXAMPLES / "club-revokes.pbn").read_text()
    req = lambda body: urllib.request.Request(server + "/api/rule", data=json.dumps(body).encode(),  # noqa: E731
                                              headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req({"name": "mine.pbn", "text": text}), timeout=30) as r:
        assert len(json.loads(r.read())["games"]) == 3
    body = {"name": "mine.pbn", "text": text, "game": 3,
            "events_name": "ev.yaml", "events_text": (EXAMPLES / "club-board16.yaml").read_text()}
    with urllib.request.urlopen(req(body), timeout=30) as r:
        data = json.loads(r.read())
    assert any(c["law"] == "64B4" for c in data["conclusions"])
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(req({"name": "bad.pbn", "text": text.replace("D4 DA S4^R=1= D8", "D4 DA SA D8"),
                                    "game": 1}), timeout=30)
    message = json.loads(info.value.read())["error"]
    assert "East played SA, which was dealt to North" in message and tempfile.gettempdir() not in message


# -- end to end in headless Chromium ---------------------------------------------------------------


def test_page_end_to_end(server, browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 30, poll_frequency=0.05)
    driver.get(server + "/")
    wait.until(lambda d: len(Select(d.find_element(By.ID, "file")).options) > 3)
    Select(driver.find_element(By.ID, "file")).select_by_visible_text("club-revokes.pbn: board 3, game 1")
    driver.find_element(By.ID, "open").click()
    wait.until(EC.text_to_be_present_in_element((By.ID, "boardline"), "3NT by South"))
    # The deal around the compass: East holds the spade queen; all four hands are shown.
    for seat in ("N", "E", "S", "W"):
        assert len(driver.find_elements(By.CSS_SELECTOR, f"#hand-{seat} .suit")) == 4
    assert "Q" in driver.find_element(By.CSS_SELECTOR, "#hand-E .suit[data-suit='S']").text
    # Step through the play card by card: the sixth card is East's revoke, marked in the centre.
    for _ in range(6):
        driver.find_element(By.ID, "next").click()
    assert driver.find_element(By.ID, "position").text.startswith("trick 2, card 2: East")
    assert driver.find_element(By.CSS_SELECTOR, "#c-E .revoke").get_attribute("data-card") == "S4"
    assert "gone" in driver.find_element(By.CSS_SELECTOR, "#hand-E .suit[data-suit='S']").get_attribute("innerHTML")
    driver.find_element(By.ID, "prev").click()
    assert driver.find_element(By.ID, "c-E").text == ""
    assert "revoke by East" in driver.find_element(By.CSS_SELECTOR, "#tricks tr[data-trick='2']").text
    # Click the transfer: its trace and why-not unfold.
    item = driver.find_element(By.CSS_SELECTOR, "li.conclusion[data-kind='trick_transfer']")
    assert not item.find_element(By.CSS_SELECTOR, ".details").is_displayed()
    item.click()
    trace = item.find_element(By.CSS_SELECTOR, ".trace")
    wait.until(lambda d: trace.is_displayed())
    # Plain sentences first: no fact or conclusion ids, no rule names, no command-line pointers.
    assert "1 trick passes to North-South for East's revoke in trick 2" in trace.text
    assert "rule law_" not in trace.text and "(c1 revoke)" not in trace.text and "explain CASE" not in item.text
    assert "64A1 needs: East won trick 2." in item.find_element(By.CSS_SELECTOR, ".why-not").text
    assert "law_64A1" not in item.find_element(By.CSS_SELECTOR, ".why-not").text
    item.find_element(By.CSS_SELECTOR, ".ids-toggle").click()
    assert "rule law_64A2_one_trick" in trace.text and "law_63A1_played_to_next_trick" in trace.text
    assert "(c1 revoke)" in trace.text
    # The conclusions in the CLI's sections and order: what happened, the ruling, then the judgments.
    sections = [li.get_attribute("data-section") for li in driver.find_elements(By.CSS_SELECTOR, "li.conclusion")]
    assert sections == sorted(sections, key=["happened", "options", "ruling", "judge"].index)
    kinds = [li.get_attribute("data-kind") for li in driver.find_elements(By.CSS_SELECTOR, "li.conclusion")]
    assert kinds == ["revoke", "revoke_established", "trick_stands", "trick_transfer", "equity_review"]
    # The auction and the players' names from the PBN file.
    assert "Players: North Nash, East Evans, South Shaw, West Wood" in driver.find_element(By.ID, "players").text
    assert driver.find_element(By.CSS_SELECTOR, "#auction td[data-call='7']").text.startswith("3NT") or \
        driver.find_element(By.CSS_SELECTOR, "#auction tbody").text == "no auction in the record"
    # A why-not question typed on the page.
    driver.find_element(By.ID, "wn-kind").send_keys("trick_transfer")
    driver.find_element(By.ID, "wn-fields").send_keys("tricks=2")
    driver.find_element(By.ID, "wn-ask").click()
    wait.until(EC.text_to_be_present_in_element((By.ID, "wn-out"), "North won trick 2 with the ace of diamonds"))
    # Screenshots: the diagram and the trace actually render (ink, and red suits in the diagram).
    shot = driver.get_screenshot_as_png()
    (tmp_path / "page.png").write_bytes(shot)
    if os.environ.get("BRIDGE_TD_SCREENSHOT"):
        Path(os.environ["BRIDGE_TD_SCREENSHOT"]).write_bytes(shot)
    ink, red, size = _ink(driver.find_element(By.ID, "diagram").screenshot_as_png)
    assert size[0] > 300 and size[1] > 200
    assert ink > 0.02 and red > 0.001, (ink, red)
    ink, _, size = _ink(trace.screenshot_as_png)
    assert size[1] > 100 and ink > 0.02, (ink, size)
    # Upload a PBN file with events for one board.
    driver.find_element(By.ID, "upload").send_keys(str(EXAMPLES / "club-revokes.pbn"))
    driver.find_element(By.ID, "upload-events").send_keys(str(EXAMPLES / "club-board16.yaml"))
    driver.find_element(By.ID, "upload-open").click()
    wait.until(lambda d: d.find_element(By.ID, "upload-game").is_displayed())
    Select(driver.find_element(By.ID, "upload-game")).select_by_visible_text("board 16, game 3")
    driver.find_element(By.ID, "upload-open").click()
    wait.until(EC.text_to_be_present_in_element((By.ID, "conclusions"), "64B4"))
    # Opening another case clears the why-not answer; events read as sentences.
    assert not driver.find_element(By.ID, "wn-out").is_displayed()
    assert "called on the next board" in driver.find_element(By.ID, "events").text
    assert "next_board_call" not in driver.find_element(By.ID, "events").text
    driver.find_element(By.ID, "last").click()
    assert driver.find_element(By.ID, "position").text.startswith("trick 13, card 4")
