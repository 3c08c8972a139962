"""On the phone: five wrong passwords lock sign-in with a clear sentence; a token made on the
account page works for a script, and stops working once revoked."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect


def test_five_wrong_passwords_show_the_lock_out(
    page: Page, live_server: Any, transactional_db: Any, alice: Any
) -> None:
    page.goto(f"{live_server.url}/accounts/login/")
    for _ in range(5):
        page.fill("#id_username", "alice")
        page.fill("#id_password", "not my password")
        page.click("button.primary")
        page.wait_for_load_state()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Too many wrong passwords for this account")
    expect(alert).to_contain_text("15 minutes")
    # Even the right password now waits for the cool-off.
    page.fill("#id_username", "alice")
    page.fill("#id_password", "password")
    page.click("button.primary")
    page.wait_for_load_state()
    expect(page.get_by_role("alert")).to_be_visible()
    assert page.url.endswith("/accounts/login/")


def test_a_token_made_on_the_phone_works_until_revoked(signed_in: Page, live_server: Any) -> None:
    page = signed_in
    page.get_by_role("link", name="Your API tokens").click()
    page.fill("#id_name", "nightly export")
    button = page.get_by_role("button", name="Make a token")
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44
    button.click()
    raw = page.get_by_label("The new token").input_value()
    assert raw.startswith("sk_")
    url = f"{live_server.url}/api/v1/nights/"
    headers = {"Authorization": f"Token {raw}"}
    # A fresh request context has no session cookie: only the token signs it in.
    fresh = page.context.browser.new_context().request  # type: ignore[union-attr]
    assert fresh.get(url, headers=headers).status == 200
    page.get_by_role("button", name="Revoke nightly export").click()
    expect(page.get_by_text("No tokens yet.")).to_be_visible()
    refused = fresh.get(url, headers=headers)
    assert refused.status == 401
    assert refused.json()["code"] == "authentication_failed"
